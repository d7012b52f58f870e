import { style } from '@vanilla-extract/css';
import { vars } from '@/views/theme/vars.css';

export const invalid = style({
  selectors: {
    '&&': { borderColor: vars.color.error },
  },
});

export const fieldMessage = style({
  marginTop: vars.space.xxs,
  marginBottom: 0,
  color: vars.color.error,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.semibold,
});

export const hint = style({
  marginTop: vars.space.xxs,
  marginBottom: 0,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
});
