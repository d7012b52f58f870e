import { keyframes, style } from '@vanilla-extract/css';
import { mediaUp } from '@/views/theme/tokens';
import { vars } from '@/views/theme/vars.css';

// The frame every modal dialog of the app shares (src/views/layout/modal-dialog.tsx): the dimmed
// overlay, the card it rises in, its title and intro, and the row of buttons at the bottom
// (stacked on a phone, the main action on top).

const fade = keyframes({ from: { opacity: 0 }, to: { opacity: 1 } });
const rise = keyframes({ from: { opacity: 0, transform: 'translateY(12px) scale(0.98)' }, to: { opacity: 1, transform: 'none' } });

export const overlay = style({
  position: 'fixed',
  inset: 0,
  zIndex: 100,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  padding: vars.space.md,
  background: vars.color.overlay,
  animation: `${fade} ${vars.motion.normal} ${vars.motion.easing}`,
});

export const modal = style({
  width: '100%',
  maxWidth: '34rem',
  maxHeight: 'calc(100dvh - 2rem)',
  overflowY: 'auto',
  background: vars.color.surface,
  color: vars.color.text,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.elevation.high,
  animation: `${rise} ${vars.motion.normal} ${vars.motion.easing}`,
});

export const dialog = style({ outline: 'none', padding: vars.space.lg, '@media': { [mediaUp('sm')]: { padding: vars.space.xl } } });

export const title = style({ fontSize: vars.fontSize.xl, marginBottom: vars.space.xs });
export const intro = style({ color: vars.color.textMuted, marginBottom: vars.space.md });

export const actions = style({
  display: 'flex',
  flexDirection: 'column-reverse',
  gap: vars.space.sm,
  marginTop: vars.space.xl,
  '@media': { [mediaUp('sm')]: { flexDirection: 'row', justifyContent: 'flex-end' } },
});
