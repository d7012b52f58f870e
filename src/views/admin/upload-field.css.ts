import { style } from '@vanilla-extract/css';
import { vars } from '@/views/theme/vars.css';

// A file field of the admin site's forms: its label and description, the stored file (or the
// one being sent, with its progress bar), and the actions that apply.

export const field = style({ display: 'grid', gap: vars.space.xs, minWidth: 0 });
export const label = style({ fontWeight: vars.fontWeight.semibold, color: vars.color.text });
export const description = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const box = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.sm,
  padding: vars.space.sm,
  border: `1px dashed ${vars.color.borderStrong}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  minWidth: 0,
});

export const file = style({ display: 'grid', gap: '0.125rem', flex: '1 1 12rem', minWidth: 0 });
export const fileName = style({ color: vars.color.text, fontWeight: vars.fontWeight.medium, overflowWrap: 'anywhere' });
export const fileFacts = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });
export const empty = style({ flex: '1 1 12rem', color: vars.color.textMuted });
export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.xs });

/** The file input itself is hidden; its button opens it (and keeps the focus ring). */
export const hiddenInput = style({ position: 'absolute', width: 1, height: 1, padding: 0, margin: -1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap', border: 0 });

export const progress = style({ display: 'grid', gap: vars.space.xxs, flex: '1 1 14rem', minWidth: 0 });
export const progressLabel = style({ display: 'flex', justifyContent: 'space-between', gap: vars.space.sm, fontSize: vars.fontSize.sm, color: vars.color.text });
export const progressName = style({ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', minWidth: 0 });
export const track = style({ height: '0.5rem', borderRadius: vars.radius.full, background: vars.color.surfaceMuted, overflow: 'hidden', border: `1px solid ${vars.color.border}` });
export const fill = style({ height: '100%', background: vars.color.primary, transition: `width ${vars.motion.fast} ${vars.motion.easing}` });

export const error = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.sm,
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderLeft: `4px solid ${vars.color.error}`,
  borderRadius: vars.radius.sm,
  background: vars.color.surfaceMuted,
  color: vars.color.text,
});
export const errorText = style({ flex: '1 1 14rem', minWidth: 0 });
