import { keyframes, style, styleVariants } from '@vanilla-extract/css';
import { vars } from '@/views/theme/vars.css';

// The live regions stay in the document (screen readers announce changes to an existing region),
// stacked bottom-centre above the footer.
export const regions = style({
  position: 'fixed',
  insetInline: 0,
  bottom: `calc(${vars.layout.footerHeight} + ${vars.space.md})`,
  display: 'flex',
  justifyContent: 'center',
  pointerEvents: 'none',
  zIndex: 1400,
});

const enter = keyframes({
  from: { opacity: 0, transform: 'translateY(0.5rem)' },
  to: { opacity: 1, transform: 'none' },
});

const snackbar = style({
  pointerEvents: 'auto',
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  maxWidth: 'min(36rem, calc(100vw - 2rem))',
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.md,
  boxShadow: vars.elevation.high,
  color: '#ffffff',
  fontWeight: vars.fontWeight.medium,
  animation: `${enter} ${vars.motion.normal} ${vars.motion.easing}`,
});

// Fixed dark/red backgrounds with white text keep AA contrast in both colour schemes.
export const variant = styleVariants({
  success: [snackbar, { background: '#1f2937' }],
  error: [snackbar, { background: '#b42318' }],
});

export const icon = style({ flexShrink: 0, width: '1.25rem', height: '1.25rem' });

export const message = style({ flex: 1 });

export const close = style({
  display: 'inline-flex',
  padding: vars.space.xxs,
  border: 0,
  borderRadius: vars.radius.sm,
  background: 'transparent',
  color: 'inherit',
  cursor: 'pointer',
  ':focus-visible': { outline: '2px solid #ffffff', outlineOffset: '2px' },
});
