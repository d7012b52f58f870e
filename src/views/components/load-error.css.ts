import { style } from '@vanilla-extract/css';
import { vars } from '@/views/theme/vars.css';

// A failed load reads as a panel of its own, in the place of what did not load: the sign, the
// words, the one thing to do. Neutral text (the sign carries the colour), as learning sites show
// a failed load, so the message reads as a state of the page rather than a field's error.

export const panel = style({
  display: 'grid',
  justifyItems: 'center',
  gap: vars.space.sm,
  padding: `${vars.space.xl} ${vars.space.lg}`,
  textAlign: 'center',
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
});

export const icon = style({ width: '2rem', height: '2rem', color: vars.color.error });

export const message = style({
  margin: 0,
  maxWidth: '36rem',
  color: vars.color.text,
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.semibold,
  lineHeight: vars.lineHeight.snug,
});

export const action = style({ marginTop: vars.space.xs });
