import { style } from '@vanilla-extract/css';
import { vars } from '@/views/theme/vars.css';

export const card = style({
  display: 'flex',
  flexDirection: 'column',
  minWidth: 0,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.elevation.low,
  overflow: 'hidden',
});

export const heading = style({ fontSize: vars.fontSize.lg, padding: `${vars.space.lg} ${vars.space.lg} 0` });

export const content = style({ flex: 1, padding: vars.space.lg });

export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
  justifyContent: 'flex-end',
  alignItems: 'center',
  padding: `${vars.space.sm} ${vars.space.lg}`,
  borderTop: `1px solid ${vars.color.border}`,
  background: vars.color.surfaceMuted,
});
