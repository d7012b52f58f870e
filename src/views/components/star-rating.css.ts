import { style } from '@vanilla-extract/css';
import { vars } from '@/views/theme/vars.css';

export const group = style({ display: 'grid', gap: vars.space.xs });
export const label = style({ fontWeight: vars.fontWeight.semibold });
export const stars = style({ display: 'flex', gap: vars.space.xxs });

// 44x44 targets (WCAG 2.2 asks 24 at least), a star that fills up to the chosen value.
export const star = style({
  display: 'inline-grid',
  placeItems: 'center',
  width: '44px',
  height: '44px',
  borderRadius: vars.radius.full,
  cursor: 'pointer',
  color: vars.color.borderStrong,
  transition: `transform ${vars.motion.fast} ${vars.motion.easing}, color ${vars.motion.fast}`,
  selectors: {
    '&[data-filled="true"]': { color: vars.color.accent },
    '&[data-hovered]': { background: vars.color.surfaceMuted },
    '&[data-focus-visible]': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '1px' },
    '&[data-disabled]': { cursor: 'default', opacity: 0.6 },
  },
  '@media': { '(prefers-reduced-motion: no-preference)': { selectors: { '&[data-pressed]': { transform: 'scale(0.92)' } } } },
});
export const icon = style({ width: '28px', height: '28px' });
