import { style } from '@vanilla-extract/css';
import { vars } from '@/views/theme/vars.css';

export const ring = style({ position: 'relative', display: 'inline-grid', placeItems: 'center', flexShrink: 0 });
export const track = style({ stroke: vars.color.surfaceMuted });
export const bar = style({
  stroke: vars.color.success,
  transition: `stroke-dashoffset ${vars.motion.normal} ${vars.motion.easing}`,
  '@media': { '(prefers-reduced-motion: reduce)': { transition: 'none' } },
});
export const label = style({
  position: 'absolute',
  inset: 0,
  display: 'grid',
  placeItems: 'center',
  fontWeight: vars.fontWeight.bold,
  fontSize: vars.fontSize.sm,
  color: vars.color.text,
  lineHeight: vars.lineHeight.tight,
  textAlign: 'center',
});
