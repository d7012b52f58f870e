import { style } from '@vanilla-extract/css';
import { vars } from '@/views/theme/vars.css';

// Text that every screen uses: a quieter line, an error said in words, and words for screen
// readers only.

export const muted = style({ color: vars.color.textMuted });

export const errorText = style({ color: vars.color.error, fontWeight: vars.fontWeight.semibold });

/** Read by assistive technology, not drawn: off the layout, clipped to nothing. */
export const visuallyHidden = style({
  position: 'absolute',
  width: '1px',
  height: '1px',
  margin: '-1px',
  padding: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
});
