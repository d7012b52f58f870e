import { style } from '@vanilla-extract/css';
import { mediaUp } from '@/views/theme/tokens';
import { vars } from '@/views/theme/vars.css';

export const banner = style({
  padding: `${vars.space.sm} ${vars.space.md}`,
  background: vars.color.surfaceMuted,
  borderBottom: `1px solid ${vars.color.borderStrong}`,
  color: vars.color.text,
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.snug,
  '@media': { [mediaUp('sm')]: { padding: `${vars.space.sm} ${vars.space.lg}` } },
  selectors: { '&:empty': { display: 'none' } },
});

export const title = style({ fontWeight: vars.fontWeight.semibold });
