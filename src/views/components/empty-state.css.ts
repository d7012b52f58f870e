import { style } from '@vanilla-extract/css';
import { vars } from '@/views/theme/vars.css';

export const empty = style({
  display: 'grid',
  justifyItems: 'start',
  gap: vars.space.xs,
  padding: vars.space.lg,
  background: vars.color.surface,
  border: `1px dashed ${vars.color.borderStrong}`,
  borderRadius: vars.radius.md,
});

export const title = style({ margin: 0, fontWeight: vars.fontWeight.semibold, fontSize: vars.fontSize.md });
export const text = style({ margin: 0, color: vars.color.textMuted, maxWidth: '40rem' });
