import { style } from '@vanilla-extract/css';
import { mediaUp } from '@/views/theme/tokens';
import { vars } from '@/views/theme/vars.css';

export const intro = style({ margin: 0, color: vars.color.textMuted });

export const section = style({ marginBottom: vars.space.xl });
export const sectionHead = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', justifyContent: 'space-between', gap: vars.space.xs, marginBottom: vars.space.sm });
export const sectionTitle = style({ fontSize: vars.fontSize.xl, margin: 0 });
export const seeAll = style({
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: '24px',
  color: vars.color.primary,
  fontWeight: vars.fontWeight.medium,
});

export const resume = style({
  display: 'grid',
  gridTemplateColumns: '1fr',
  overflow: 'hidden',
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.elevation.medium,
  '@media': { [mediaUp('sm')]: { gridTemplateColumns: 'minmax(14rem, 2fr) 3fr' } },
});

export const thumb = style({
  display: 'block',
  width: '100%',
  height: '100%',
  minHeight: '10rem',
  aspectRatio: '16 / 9',
  objectFit: 'cover',
  background: vars.color.primarySoft,
});

export const resumeBody = style({ display: 'grid', alignContent: 'center', gap: vars.space.sm, padding: vars.space.lg });
export const resumeMeta = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.xs, alignItems: 'center', margin: 0, fontSize: vars.fontSize.sm, color: vars.color.textMuted });
export const resumeTitle = style({ fontSize: vars.fontSize.xl, lineHeight: vars.lineHeight.tight, margin: 0 });

export const meter = style({ display: 'grid', gap: vars.space.xxs, maxWidth: '28rem' });
export const meterLabel = style({ fontSize: vars.fontSize.sm, color: vars.color.textMuted });
export const track = style({ display: 'block', height: '0.5rem', borderRadius: vars.radius.full, background: vars.color.surfaceMuted, overflow: 'hidden', border: `1px solid ${vars.color.border}` });
export const fill = style({ display: 'block', height: '100%', background: vars.color.primary, borderRadius: vars.radius.full });

export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.xs });

export const skeletonResume = style({
  display: 'grid',
  gap: vars.space.md,
  padding: vars.space.md,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  background: vars.color.surface,
  '@media': { [mediaUp('sm')]: { gridTemplateColumns: '2fr 3fr' } },
});
export const skeletonLines = style({ display: 'grid', gap: vars.space.sm, alignContent: 'center' });
