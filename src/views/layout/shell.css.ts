import { style } from '@vanilla-extract/css';
import { vars } from '@/views/theme/vars.css';

export const shell = style({ display: 'flex', flexDirection: 'column', minHeight: '100vh' });

// At least a screen tall, so the footer starts below the fold and does not jump down while the
// page's data loads (a layout shift).
export const content = style({ flex: 1, display: 'flex', flexDirection: 'column', minWidth: 0, minHeight: `calc(100vh - ${vars.layout.navbarHeight})` });

export const skipLink = style({
  position: 'absolute',
  top: vars.space.xs,
  left: vars.space.xs,
  zIndex: 50,
  padding: `${vars.space.xs} ${vars.space.md}`,
  borderRadius: vars.radius.sm,
  background: vars.color.primary,
  color: vars.color.onPrimary,
  fontWeight: vars.fontWeight.semibold,
  transform: 'translateY(-200%)',
  selectors: { '&:focus-visible, &:focus': { transform: 'none' } },
});
