import { style } from '@vanilla-extract/css';
import { vars } from '@/views/theme/vars.css';

/** "Forgot password?" under the password field: a link of its own line, a 24 px target at least. */
export const forgot = style({
  display: 'inline-block',
  minHeight: '24px',
  paddingBlock: vars.space.xxs,
  fontSize: vars.fontSize.sm,
  color: vars.color.primary,
});
