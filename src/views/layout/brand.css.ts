import { style } from '@vanilla-extract/css';
import { vars } from '@/views/theme/vars.css';

export const brand = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  color: vars.color.text,
  fontWeight: vars.fontWeight.bold,
  fontSize: vars.fontSize.md,
  letterSpacing: '-0.01em',
  textDecoration: 'none',
  whiteSpace: 'nowrap',
});

export const logo = style({
  display: 'grid',
  placeItems: 'center',
  width: '32px',
  height: '32px',
  borderRadius: vars.radius.sm,
  background: vars.color.primary,
  color: vars.color.onPrimary,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.bold,
  flexShrink: 0,
});
