import { keyframes, style } from '@vanilla-extract/css';
import { mediaUp } from '@/views/theme/tokens';
import { vars } from '@/views/theme/vars.css';
import { stepCircle } from '@/views/components/step-circle.css';

// The detail pages (strategy, playlist, livestreams): skeletons while loading, a syllabus, a live
// hero, lists with thumbnails.

const shimmer = keyframes({ '0%': { opacity: 1 }, '50%': { opacity: 0.55 }, '100%': { opacity: 1 } });

export const skeletonRegion = style({ display: 'grid', gap: vars.space.md });

export const skeletonBlock = style({
  display: 'block',
  background: vars.color.surfaceMuted,
  borderRadius: vars.radius.md,
  animation: `${shimmer} 1.4s ease-in-out infinite`,
  '@media': { '(prefers-reduced-motion: reduce)': { animation: 'none' } },
});

export const skeletonLine = style([skeletonBlock, { height: '1rem', borderRadius: vars.radius.sm }]);
export const skeletonMedia = style([skeletonBlock, { width: '100%', aspectRatio: '16 / 9' }]);
export const skeletonCard = style([skeletonBlock, { height: '7rem' }]);


export const card = style({
  display: 'grid',
  gap: vars.space.sm,
  padding: vars.space.lg,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.elevation.low,
});
export const h2 = style({ fontSize: vars.fontSize.xl, margin: 0 });
export const muted = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.fontSize.sm });
export const row = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm, alignItems: 'center' });
export const stack = style({ display: 'grid', gap: vars.space.lg });

export const layout = style({
  display: 'grid',
  gap: vars.space.lg,
  gridTemplateColumns: 'minmax(0, 1fr)',
  alignItems: 'start',
  '@media': { [mediaUp('md')]: { gridTemplateColumns: 'minmax(0, 2fr) minmax(16rem, 1fr)' } },
});

export const bar = style({ height: '10px', borderRadius: vars.radius.full, background: vars.color.surfaceMuted, overflow: 'hidden' });
export const barFill = style({ height: '100%', borderRadius: vars.radius.full, background: vars.color.success });
export const figure = style({ margin: 0, fontSize: vars.fontSize.xxl, fontWeight: vars.fontWeight.bold, lineHeight: vars.lineHeight.tight });

// The syllabus: numbered entries, a tick for each done.
export const syllabus = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: vars.space.sm });
export const entry = style({
  position: 'relative',
  display: 'grid',
  gridTemplateColumns: 'auto 88px minmax(0, 1fr)',
  gap: vars.space.sm,
  alignItems: 'center',
  padding: vars.space.sm,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  selectors: {
    '&:hover': { borderColor: vars.color.borderStrong },
    '&:focus-within': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '2px' },
    '&[data-next="true"]': { borderColor: vars.color.primary, boxShadow: `inset 4px 0 0 ${vars.color.primary}` },
  },
  '@media': { [mediaUp('sm')]: { gridTemplateColumns: 'auto 128px minmax(0, 1fr)', gap: vars.space.md } },
});
export const marker = style([
  stepCircle,
  { fontSize: vars.fontSize.sm, selectors: { '&[data-done="true"]': { background: vars.color.success, borderColor: vars.color.success, color: vars.color.surface } } },
]);
export const thumb = style({ width: '100%', aspectRatio: '16 / 9', objectFit: 'cover', borderRadius: vars.radius.sm, background: vars.color.surfaceMuted, display: 'block' });
export const entryTitle = style({ margin: 0, fontSize: vars.fontSize.md, fontWeight: vars.fontWeight.semibold, lineHeight: vars.lineHeight.snug });
export const entryLink = style({
  color: vars.color.text,
  textDecoration: 'none',
  outline: 'none',
  selectors: { '&::after': { content: '""', position: 'absolute', inset: 0 }, '&:hover': { color: vars.color.primary } },
});
export const entryMeta = style({ margin: `${vars.space.xxs} 0 0`, display: 'flex', flexWrap: 'wrap', gap: vars.space.xs, fontSize: vars.fontSize.sm, color: vars.color.textMuted });
export const badge = style({
  display: 'inline-block',
  padding: `0 ${vars.space.xs}`,
  borderRadius: vars.radius.full,
  background: vars.color.primarySoft,
  color: vars.color.onPrimarySoft,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.semibold,
});
export const doneBadge = style([badge, { background: vars.color.secondarySoft, color: vars.color.text }]);
export const liveBadge = style([badge, { background: vars.color.error, color: vars.color.surface, textTransform: 'uppercase', letterSpacing: '0.04em' }]);

// Livestreams: a "Live now" hero, then cards with thumbnails.
export const hero = style({
  display: 'grid',
  gap: vars.space.md,
  padding: vars.space.md,
  marginBottom: vars.space.xl,
  borderRadius: vars.radius.lg,
  border: `2px solid ${vars.color.error}`,
  background: vars.color.surface,
  boxShadow: vars.elevation.medium,
  gridTemplateColumns: 'minmax(0, 1fr)',
  '@media': { [mediaUp('md')]: { gridTemplateColumns: 'minmax(0, 3fr) minmax(0, 2fr)', padding: vars.space.lg, alignItems: 'center' } },
});
export const heroImage = style({ width: '100%', aspectRatio: '16 / 9', objectFit: 'cover', borderRadius: vars.radius.md, display: 'block', background: vars.color.surfaceMuted });
export const heroTitle = style({ margin: 0, fontSize: vars.fontSize.xxl, lineHeight: vars.lineHeight.tight });
export const heroBody = style({ display: 'grid', gap: vars.space.sm, alignContent: 'center' });

export const section = style({ marginBottom: vars.space.xl });
export const sectionTitle = style({ fontSize: vars.fontSize.xl, marginBottom: vars.space.sm });
export const grid = style({
  display: 'grid',
  gap: vars.space.md,
  gridTemplateColumns: 'minmax(0, 1fr)',
  listStyle: 'none',
  padding: 0,
  margin: 0,
  '@media': {
    [mediaUp('sm')]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
    [mediaUp('lg')]: { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' },
  },
});
export const streamCard = style({
  position: 'relative',
  display: 'grid',
  height: '100%',
  alignContent: 'start',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  background: vars.color.surface,
  overflow: 'hidden',
  boxShadow: vars.elevation.low,
  selectors: { '&:hover': { borderColor: vars.color.borderStrong }, '&:focus-within': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '2px' } },
});
export const streamImage = style({ width: '100%', aspectRatio: '16 / 9', objectFit: 'cover', display: 'block', background: vars.color.surfaceMuted });
export const streamBody = style({ display: 'grid', gap: vars.space.xxs, padding: vars.space.md });
export const streamTitle = style({ margin: 0, fontSize: vars.fontSize.lg, lineHeight: vars.lineHeight.snug });
// Top right: the poster's own kind label (LIVESTREAM) is in its top left corner.
export const playOverlay = style({
  position: 'absolute',
  top: vars.space.sm,
  right: vars.space.sm,
});

export const empty = style({
  display: 'grid',
  gap: vars.space.sm,
  justifyItems: 'start',
  padding: vars.space.lg,
  border: `1px dashed ${vars.color.borderStrong}`,
  borderRadius: vars.radius.lg,
});
