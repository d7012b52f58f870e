import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '@/views/theme/vars.css';

// Text written in Markdown by the catalogue's authors: comfortable reading, quotes set off,
// lists indented as lists.
export const markdown = style({ lineHeight: 1.6, maxWidth: '70ch' });
globalStyle(`${markdown} > :first-child`, { marginTop: 0 });
globalStyle(`${markdown} :is(h2, h3, h4, h5, h6)`, { margin: `${vars.space.lg} 0 ${vars.space.xs}`, lineHeight: 1.3 });
globalStyle(`${markdown} p`, { margin: `0 0 ${vars.space.sm}` });
globalStyle(`${markdown} :is(ol, ul)`, { margin: `0 0 ${vars.space.sm}`, paddingLeft: vars.space.lg });
globalStyle(`${markdown} li + li`, { marginTop: vars.space.xxs });
globalStyle(`${markdown} blockquote`, {
  margin: `0 0 ${vars.space.sm}`,
  padding: `${vars.space.xs} ${vars.space.md}`,
  borderLeft: `4px solid ${vars.color.primary}`,
  background: vars.color.surfaceMuted,
  borderRadius: `0 ${vars.radius.sm} ${vars.radius.sm} 0`,
});
globalStyle(`${markdown} blockquote p:last-child`, { marginBottom: 0 });
globalStyle(`${markdown} a`, { color: vars.color.primary, textDecoration: 'underline' });
globalStyle(`${markdown} code`, { fontFamily: 'ui-monospace, monospace', fontSize: '0.95em' });
