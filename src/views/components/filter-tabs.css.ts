import { style } from '@vanilla-extract/css';
import { vars } from '@/views/theme/vars.css';

// Tabs that filter a list (My learning's All / Completed…, Usage's Active / Not yet active / All):
// a row of segments on a muted track, the chosen one raised.

export const tabList = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.xxs,
  padding: vars.space.xxs,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceMuted,
});

export const tab = style({
  minHeight: '40px',
  padding: `${vars.space.xs} ${vars.space.md}`,
  borderRadius: vars.radius.sm,
  fontWeight: vars.fontWeight.semibold,
  color: vars.color.textMuted,
  cursor: 'pointer',
  outline: 'none',
  selectors: {
    '&[data-selected]': { background: vars.color.surface, color: vars.color.text, boxShadow: `0 1px 2px ${vars.color.border}` },
    '&[data-hovered]:not([data-selected])': { color: vars.color.text },
    '&[data-focus-visible]': { boxShadow: `0 0 0 3px ${vars.color.focus}` },
  },
});
