import { style } from '@vanilla-extract/css';
import { mediaUp } from '@/views/theme/tokens';
import { vars } from '@/views/theme/vars.css';
import { visuallyHidden } from '@/views/components/text.css';

// A round 48 px button on a phone, where a wide pill covered the text of the cards under it; the
// pill with its word from the sm breakpoint up.
export const launcher = style({
  position: 'fixed',
  right: vars.space.md,
  bottom: vars.space.md,
  zIndex: 20,
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.xs,
  width: '48px',
  height: '48px',
  padding: 0,
  borderRadius: vars.radius.full,
  border: 'none',
  background: vars.color.primary,
  color: vars.color.onPrimary,
  fontWeight: vars.fontWeight.semibold,
  fontSize: vars.fontSize.md,
  boxShadow: vars.elevation.medium,
  cursor: 'pointer',
  selectors: {
    '&:hover': { background: vars.color.primaryHover },
    '&:focus-visible': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '3px' },
  },
  '@media': {
    [mediaUp('sm')]: { right: vars.space.lg, bottom: vars.space.lg, width: 'auto', height: 'auto', minHeight: '44px', padding: `${vars.space.xs} ${vars.space.lg}` },
  },
});
export const launcherIcon = style({ width: '24px', height: '24px', '@media': { [mediaUp('sm')]: { display: 'none' } } });
/** Visually hidden on a phone (the icon shows), read out everywhere. */
export const launcherText = style([
  visuallyHidden,
  { '@media': { [mediaUp('sm')]: { position: 'static', width: 'auto', height: 'auto', margin: 0, overflow: 'visible', clip: 'auto' } } },
]);

export const overlay = style({
  position: 'fixed',
  inset: 0,
  zIndex: 30,
  background: 'rgb(15 23 42 / 0.2)',
});

export const panel = style({
  position: 'fixed',
  right: vars.space.md,
  bottom: vars.space.md,
  width: 'min(26rem, calc(100vw - 2rem))',
  maxHeight: 'min(36rem, calc(100vh - 2rem))',
  display: 'flex',
  flexDirection: 'column',
  background: vars.color.surface,
  color: vars.color.text,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.elevation.medium,
  outline: 'none',
});

export const header = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderBottom: `1px solid ${vars.color.border}`,
});

export const heading = style({ margin: 0, fontSize: vars.fontSize.lg });

export const log = style({
  flex: 1,
  overflowY: 'auto',
  padding: vars.space.md,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  minHeight: '8rem',
});

const bubble = { padding: `${vars.space.xs} ${vars.space.sm}`, borderRadius: vars.radius.md, maxWidth: '90%', margin: 0 } as const;
export const fromUser = style({ ...bubble, alignSelf: 'flex-end', background: vars.color.primarySoft, color: vars.color.onPrimarySoft });
export const fromAssistant = style({ ...bubble, alignSelf: 'flex-start', background: vars.color.surfaceMuted });

export const suggestions = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.xs,
  padding: `0 ${vars.space.md} ${vars.space.sm}`,
  margin: 0,
  listStyle: 'none',
});

export const chip = style({
  padding: `${vars.space.xxs} ${vars.space.sm}`,
  borderRadius: vars.radius.full,
  border: `1px solid ${vars.color.borderStrong}`,
  background: vars.color.surface,
  color: vars.color.text,
  fontSize: vars.fontSize.sm,
  cursor: 'pointer',
});

export const form = style({
  display: 'flex',
  gap: vars.space.xs,
  padding: vars.space.md,
  borderTop: `1px solid ${vars.color.border}`,
  alignItems: 'flex-end',
});

export const field = style({ flex: 1, display: 'flex', flexDirection: 'column', gap: vars.space.xxs });
export const input = style({
  padding: vars.space.xs,
  borderRadius: vars.radius.sm,
  border: `1px solid ${vars.color.borderStrong}`,
  font: 'inherit',
  background: vars.color.surface,
  color: vars.color.text,
});

export const dialog = style({ display: 'flex', flexDirection: 'column', minHeight: 0, flex: 1, outline: 'none' });

export const send = style({
  padding: `${vars.space.xs} ${vars.space.md}`,
  borderRadius: vars.radius.sm,
  border: 'none',
  background: vars.color.primary,
  color: vars.color.onPrimary,
  fontWeight: vars.fontWeight.semibold,
  cursor: 'pointer',
});
