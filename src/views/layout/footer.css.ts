import { style } from '@vanilla-extract/css';
import { mediaUp } from '@/views/theme/tokens';
import { vars } from '@/views/theme/vars.css';

export const footer = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.md,
  height: vars.layout.footerHeight,
  padding: `0 ${vars.space.md}`,
  // Room for the floating Help button, which sits over the footer's right end.
  paddingRight: '5rem',
  borderTop: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.xs,
  '@media': { [mediaUp('sm')]: { padding: `0 ${vars.space.lg}`, paddingRight: '8rem', fontSize: vars.fontSize.sm } },
});

export const copyright = style({ whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis', minWidth: 0 });

export const links = style({ display: 'flex', gap: vars.space.md, margin: 0, padding: 0, listStyle: 'none', flexShrink: 0 });

// 44 px tall targets (the text alone was 30 x 15 on a phone).
export const link = style({
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: '44px',
  padding: `0 ${vars.space.xxs}`,
  color: vars.color.textMuted,
  textDecoration: 'none',
  selectors: { '&:hover': { color: vars.color.text, textDecoration: 'underline' } },
});
