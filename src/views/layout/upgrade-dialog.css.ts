import { style } from '@vanilla-extract/css';
import { mediaUp } from '@/views/theme/tokens';
import { vars } from '@/views/theme/vars.css';

export const eyebrow = style({
  color: vars.color.secondary,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.bold,
  letterSpacing: '0.08em',
  textTransform: 'uppercase',
});

export const heading = style({ marginTop: vars.space.xs, paddingRight: vars.space.xl, fontSize: vars.fontSize.xl, '@media': { [mediaUp('sm')]: { fontSize: vars.fontSize.xxl } } });

export const status = style({
  marginTop: vars.space.md,
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.md,
  background: vars.color.primarySoft,
  color: vars.color.onPrimarySoft,
  fontSize: vars.fontSize.sm,
});

export const price = style({ display: 'flex', alignItems: 'baseline', gap: vars.space.xs, marginTop: vars.space.lg });
export const amount = style({ fontSize: vars.fontSize.display, fontWeight: vars.fontWeight.bold, letterSpacing: '-0.02em' });
export const period = style({ color: vars.color.textMuted });

export const features = style({ display: 'grid', gap: vars.space.sm, margin: `${vars.space.lg} 0 0`, padding: 0, listStyle: 'none' });
export const feature = style({ display: 'flex', gap: vars.space.sm, alignItems: 'flex-start' });
export const check = style({ flexShrink: 0, marginTop: '2px', color: vars.color.success });

export const note = style({ marginTop: vars.space.lg, color: vars.color.textMuted, fontSize: vars.fontSize.sm });

// The card scrolls (dialog.css.ts); the close button and the buttons stay in view while it does.
export const dialog = style({ position: 'relative' });

export const close = style({
  position: 'absolute',
  top: vars.space.sm,
  right: vars.space.sm,
  display: 'grid',
  placeItems: 'center',
  width: '44px',
  height: '44px',
  border: 0,
  borderRadius: vars.radius.full,
  background: 'transparent',
  color: vars.color.textMuted,
  cursor: 'pointer',
  selectors: { '&:hover': { background: vars.color.surfaceMuted, color: vars.color.text } },
});

export const actions = style({
  position: 'sticky',
  bottom: 0,
  marginTop: vars.space.lg,
  marginInline: `calc(-1 * ${vars.space.lg})`,
  marginBottom: `calc(-1 * ${vars.space.lg})`,
  padding: `${vars.space.md} ${vars.space.lg}`,
  background: vars.color.surface,
  borderTop: `1px solid ${vars.color.border}`,
  '@media': {
    [mediaUp('sm')]: {
      marginTop: vars.space.xl,
      marginInline: `calc(-1 * ${vars.space.xl})`,
      marginBottom: `calc(-1 * ${vars.space.xl})`,
      padding: `${vars.space.md} ${vars.space.xl}`,
    },
  },
});
