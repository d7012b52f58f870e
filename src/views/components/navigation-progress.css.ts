import { keyframes, style } from '@vanilla-extract/css';
import { vars } from '@/views/theme/vars.css';

const slide = keyframes({
  from: { transform: 'translateX(-100%)' },
  to: { transform: 'translateX(250%)' },
});

export const track = style({
  position: 'fixed',
  insetInline: 0,
  top: 0,
  height: '3px',
  overflow: 'hidden',
  background: vars.color.primarySoft,
  zIndex: 1500,
});

export const bar = style({
  width: '40%',
  height: '100%',
  background: vars.color.primary,
  animation: `${slide} 1.2s ${vars.motion.easing} infinite`,
  '@media': {
    // No movement for people who ask for less: a still, full bar says the same.
    '(prefers-reduced-motion: reduce)': { width: '100%', animation: 'none' },
  },
});
