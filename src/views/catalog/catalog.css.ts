import { globalStyle, keyframes, style } from '@vanilla-extract/css';
import { mediaUp } from '@/views/theme/tokens';
import { vars } from '@/views/theme/vars.css';

export const grid = style({
  display: 'grid',
  gap: vars.space.md,
  gridTemplateColumns: '1fr',
  listStyle: 'none',
  padding: 0,
  margin: 0,
  '@media': {
    [mediaUp('sm')]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
    [mediaUp('lg')]: { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' },
  },
});

/**
 * A shelf: on a phone one row that scrolls sideways, a card and a part of the next in view (as
 * LinkedIn Learning and Coursera shelve their lists), so a page of several lists is not one endless
 * column; from 600 px the grid above.
 */
export const shelf = style([
  grid,
  {
    '@media': {
      [`screen and (max-width: ${600 - 0.02}px)`]: {
        gridTemplateColumns: 'none',
        gridAutoFlow: 'column',
        gridAutoColumns: 'minmax(15rem, 80%)',
        overflowX: 'auto',
        overscrollBehaviorX: 'contain',
        scrollSnapType: 'x mandatory',
        // Room for the cards' shadows and focus rings, which a scrolling box would cut.
        padding: `${vars.space.xxs} ${vars.space.xxs} ${vars.space.sm}`,
        marginInline: `calc(-1 * ${vars.space.xxs})`,
      },
    },
  },
]);
globalStyle(`${shelf} > li`, { scrollSnapAlign: 'start', minWidth: 0 });

// ---- item card: the thumbnail first, then type, title, duration and progress (a course card
// as Coursera or LinkedIn Learning draw one). The whole card is the title's link (a stretched
// pseudo-element), so the thumbnail is decorative. A card wider than 36rem (alone in a row, as
// on the dashboard's "Continue") lays the thumbnail beside the text instead of above it.
export const card = style({
  position: 'relative',
  containerType: 'inline-size',
  height: '100%',
  minWidth: 0,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.elevation.low,
  overflow: 'hidden',
  transition: `box-shadow ${vars.motion.fast} ${vars.motion.easing}, transform ${vars.motion.fast} ${vars.motion.easing}`,
  selectors: {
    '&:hover': { boxShadow: vars.elevation.medium, transform: 'translateY(-2px)' },
    '&:focus-within': { boxShadow: vars.elevation.medium },
  },
});

export const cardInner = style({
  display: 'flex',
  flexDirection: 'column',
  height: '100%',
  '@container': { '(min-width: 36rem)': { display: 'grid', gridTemplateColumns: '16rem minmax(0, 1fr)' } },
});

/** A fixed 16:9 box: the image loads into it, so nothing below moves. */
export const thumb = style({
  position: 'relative',
  aspectRatio: '16 / 9',
  background: vars.color.surfaceMuted,
  overflow: 'hidden',
  flexShrink: 0,
});
export const thumbImage = style({ display: 'block', width: '100%', height: '100%', objectFit: 'cover' });
export const thumbPlaceholder = style({
  display: 'grid',
  placeItems: 'center',
  width: '100%',
  height: '100%',
  color: vars.color.textMuted,
  background: `linear-gradient(135deg, ${vars.color.surfaceMuted}, ${vars.color.primarySoft})`,
});

export const cardBody = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs, flex: 1, padding: vars.space.md });
export const itemTitle = style({ fontSize: vars.fontSize.md, lineHeight: vars.lineHeight.snug, margin: 0 });
export const itemLink = style({
  color: vars.color.text,
  textDecoration: 'none',
  selectors: {
    '&::after': { content: '""', position: 'absolute', inset: 0, borderRadius: vars.radius.lg },
    '&:hover': { color: vars.color.primary },
    '&:focus-visible': { outline: 'none' },
    '&:focus-visible::after': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '-3px' },
  },
});
export const cardFoot = style({ marginTop: 'auto', display: 'grid', gap: vars.space.xxs });

export const progressTrack = style({ height: '6px', borderRadius: vars.radius.full, background: vars.color.surfaceMuted, overflow: 'hidden', border: `1px solid ${vars.color.border}` });
export const progressFill = style({ height: '100%', borderRadius: vars.radius.full, background: vars.color.primary });
export const progressDone = style({ background: vars.color.success });
export const progressText = style({ fontSize: vars.fontSize.xs, color: vars.color.textMuted, fontWeight: vars.fontWeight.semibold });
export const progressTextDone = style({ color: vars.color.success, display: 'inline-flex', alignItems: 'center', gap: vars.space.xxs });

// ---- skeleton cards while results load
const shimmer = keyframes({ '0%': { opacity: 1 }, '50%': { opacity: 0.55 }, '100%': { opacity: 1 } });
export const skeletonBlock = style({ background: vars.color.surfaceMuted, borderRadius: vars.radius.sm, animation: `${shimmer} 1.4s ease-in-out infinite` });
export const skeletonThumb = style([skeletonBlock, { aspectRatio: '16 / 9', borderRadius: 0 }]);
export const skeletonLine = style([skeletonBlock, { height: '0.9rem' }]);
export const meta = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.xs,
  alignItems: 'center',
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
  margin: `${vars.space.xs} 0 0`,
});
export const itemMeta = style([meta, { margin: 0 }]);

export const badge = style({
  display: 'inline-block',
  padding: `0 ${vars.space.xs}`,
  borderRadius: vars.radius.full,
  background: vars.color.primarySoft,
  color: vars.color.onPrimarySoft,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.semibold,
});

export const pagination = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.xs, listStyle: 'none', padding: 0, margin: `${vars.space.lg} 0 0` });
export const pageLink = style({
  display: 'inline-flex',
  minWidth: '44px',
  minHeight: '44px',
  alignItems: 'center',
  justifyContent: 'center',
  padding: `0 ${vars.space.xs}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  color: vars.color.primary,
  textDecoration: 'none',
  selectors: { '&[aria-current="page"]': { background: vars.color.primary, color: vars.color.onPrimary, borderColor: vars.color.primary } },
});

// ---- the catalogue's results: count and chips above the grid, an empty state with next steps
export const results = style({ display: 'grid', gap: vars.space.md, alignContent: 'start', minWidth: 0 });
export const resultsHead = style({ display: 'grid', gap: vars.space.sm });
export const resultCount = style({ minHeight: '1.55em', fontWeight: vars.fontWeight.semibold });
export const empty = style({
  display: 'grid',
  justifyItems: 'center',
  gap: vars.space.sm,
  padding: `${vars.space.xxl} ${vars.space.lg}`,
  textAlign: 'center',
  border: `1px dashed ${vars.color.borderStrong}`,
  borderRadius: vars.radius.lg,
  background: vars.color.surface,
});
export const emptyArt = style({ color: vars.color.primary });
export const emptyTitle = style({ fontSize: vars.fontSize.xl });
export const emptyActions = style({ display: 'flex', flexWrap: 'wrap', justifyContent: 'center', gap: vars.space.sm, marginTop: vars.space.xs });
