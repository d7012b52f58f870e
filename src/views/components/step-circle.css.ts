import { style } from '@vanilla-extract/css';
import { vars } from '@/views/theme/vars.css';

/** A numbered circle (a playlist's entry, a rubric level); each place adds its own done/selected look. */
export const stepCircle = style({
  display: 'inline-grid',
  placeItems: 'center',
  width: '32px',
  height: '32px',
  borderRadius: vars.radius.full,
  border: `2px solid ${vars.color.borderStrong}`,
  fontWeight: vars.fontWeight.bold,
});
