import { style } from '@vanilla-extract/css';
import { mediaUp } from '@/views/theme/tokens';
import { vars } from '@/views/theme/vars.css';

export const banner = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  height: vars.layout.bannerHeight,
  padding: `${vars.space.sm} ${vars.space.md}`,
  overflow: 'hidden',
  background: vars.color.primarySoft,
  borderBottom: `1px solid ${vars.color.border}`,
  color: vars.color.onPrimarySoft,
  '@media': {
    [mediaUp('sm')]: { height: vars.layout.bannerHeightSm, padding: `${vars.space.sm} ${vars.space.lg}`, gap: vars.space.md },
  },
});

export const icon = style({
  display: 'none',
  placeItems: 'center',
  width: '40px',
  height: '40px',
  flexShrink: 0,
  borderRadius: vars.radius.full,
  background: vars.color.surface,
  color: vars.color.primary,
  '@media': { [mediaUp('sm')]: { display: 'grid' } },
});

export const text = style({ flex: 1, minWidth: 0 });

export const title = style({ fontWeight: vars.fontWeight.semibold, fontSize: vars.fontSize.sm, '@media': { [mediaUp('sm')]: { fontSize: vars.fontSize.md } } });

export const detail = style({
  fontSize: vars.fontSize.xs,
  lineHeight: vars.lineHeight.snug,
  display: '-webkit-box',
  WebkitLineClamp: 3,
  WebkitBoxOrient: 'vertical',
  overflow: 'hidden',
  '@media': { [mediaUp('sm')]: { fontSize: vars.fontSize.sm, WebkitLineClamp: 2 } },
});

export const action = style({ flexShrink: 0 });
