import { style } from '@vanilla-extract/css';
import { vars } from '@/views/theme/vars.css';

export const group = style({ display: 'grid', gap: vars.space.xs });
export const label = style({ fontWeight: vars.fontWeight.semibold });
export const stars = style({ display: 'flex', gap: vars.space.xxs });

// 44x44 targets (WCAG 2.2 asks 24 at least), a star that fills up to the chosen value.
export const star = style({
  display: 'inline-grid',
  placeItems: 'center',
  position: 'relative',
  width: '44px',
  height: '44px',
  borderRadius: vars.radius.full,
  cursor: 'pointer',
  color: vars.color.borderStrong,
  transition: `transform ${vars.motion.fast} ${vars.motion.easing}, color ${vars.motion.fast}`,
  selectors: {
    '&[data-filled="true"]': { color: vars.color.accent },
    '&:hover:not(:has(:disabled))': { background: vars.color.surfaceMuted },
    '&:has(:focus-visible)': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '1px' },
    '&:has(:disabled)': { cursor: 'default', opacity: 0.6 },
  },
  '@media': { '(prefers-reduced-motion: no-preference)': { selectors: { '&:active:not(:has(:disabled))': { transform: 'scale(0.92)' } } } },
});
// The radio button itself is not drawn (the star is), but stays in place for the keyboard and
// for screen readers.
export const input = style({ position: 'absolute', opacity: 0, width: '1px', height: '1px', margin: 0, pointerEvents: 'none' });
export const icon = style({ width: '28px', height: '28px' });
