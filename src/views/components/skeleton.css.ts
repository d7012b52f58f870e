import { keyframes, style } from '@vanilla-extract/css';
import { vars } from '@/views/theme/vars.css';

const shimmer = keyframes({ '0%': { opacity: 1 }, '50%': { opacity: 0.55 }, '100%': { opacity: 1 } });

export const block = style({
  display: 'block',
  background: vars.color.surfaceMuted,
  borderRadius: vars.radius.sm,
  animation: `${shimmer} 1.4s ease-in-out infinite`,
  '@media': { '(prefers-reduced-motion: reduce)': { animation: 'none' } },
});

export const card = style({
  display: 'grid',
  gap: vars.space.xs,
  padding: vars.space.md,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
});

export const stack = style({ display: 'grid', gap: vars.space.lg });
