import { style } from '@vanilla-extract/css';
import { mediaUp } from '@/views/theme/tokens';
import { vars } from '@/views/theme/vars.css';
import { stepCircle } from '@/views/components/step-circle.css';

export const layout = style({
  display: 'grid',
  gap: vars.space.lg,
  gridTemplateColumns: 'minmax(0, 1fr)',
  '@media': { [mediaUp('lg')]: { gridTemplateColumns: 'minmax(0, 2fr) minmax(0, 1fr)', gap: vars.space.xl } },
});
export const aside = style({ display: 'grid', gap: vars.space.lg, alignContent: 'start' });
/** One column: the progress and actions between the video and the tabs. */
export const actionsUnderVideo = style({ display: 'grid', gap: vars.space.lg, marginBlock: vars.space.lg });

export const path = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.xs, listStyle: 'none', padding: 0, margin: 0, fontSize: vars.fontSize.sm });
export const section = style({ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: vars.space.sm, marginBottom: vars.space.lg });
export const h2 = style({ fontSize: vars.fontSize.xl, margin: 0 });
export const row = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm, alignItems: 'center' });
export const watchedLine = style({ margin: 0, fontSize: vars.fontSize.sm, color: vars.color.textMuted });

/** A panel of the side column: a surface card. */
export const card = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: vars.space.md,
  padding: vars.space.lg,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.elevation.low,
});
export const cardHead = style({ display: 'flex', alignItems: 'center', gap: vars.space.md, justifyContent: 'space-between' });

// "My Progress": the five steps as a checklist.
export const checklist = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: vars.space.xs });
export const step = style({
  display: 'grid',
  gridTemplateColumns: 'auto 1fr auto',
  alignItems: 'center',
  gap: vars.space.sm,
  minHeight: '32px',
});
export const stepIcon = style({ width: '24px', height: '24px', color: vars.color.borderStrong, selectors: { [`${step}[data-done="true"] &`]: { color: vars.color.success } } });
export const stepLabel = style({ fontWeight: vars.fontWeight.medium });
export const stepState = style({ fontSize: vars.fontSize.sm, color: vars.color.textMuted });

// The bookmark toggle: outlined when off, filled when pressed.
export const saveButton = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  minHeight: '44px',
  padding: `${vars.space.xs} ${vars.space.md}`,
  border: `1px solid ${vars.color.borderStrong}`,
  borderRadius: vars.radius.sm,
  background: vars.color.surface,
  color: vars.color.text,
  font: 'inherit',
  fontWeight: vars.fontWeight.semibold,
  cursor: 'pointer',
  selectors: {
    '&:hover:not(:disabled)': { background: vars.color.surfaceMuted },
    '&[aria-pressed="true"]': { background: vars.color.primarySoft, borderColor: vars.color.primary, color: vars.color.onPrimarySoft },
    '&:focus-visible': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' },
    '&:disabled': { opacity: 0.6, cursor: 'not-allowed' },
  },
});
export const saveIcon = style({ width: '20px', height: '20px' });

// Tabs: one row that scrolls sideways on a phone instead of wrapping.
export const tablist = style({
  display: 'flex',
  flexWrap: 'nowrap',
  gap: 0,
  '@media': { [mediaUp('sm')]: { gap: vars.space.xs } },
  overflowX: 'auto',
  scrollbarWidth: 'thin',
  borderBottom: `1px solid ${vars.color.border}`,
});
// On a phone the three tabs share the width, each its icon above its label (which may wrap), so
// none is cut off; from `sm` up they sit side by side, icon before label.
export const tab = style({
  flex: '1 1 0',
  minWidth: 0,
  display: 'inline-flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: '2px',
  textAlign: 'center',
  fontSize: vars.fontSize.sm,
  lineHeight: 1.2,
  minHeight: '56px',
  padding: `${vars.space.xs} 2px`,
  vars: { '--tab-icon-contrast': vars.color.surface },
  '@media': {
    [mediaUp('sm')]: {
      flex: '0 0 auto',
      flexDirection: 'row',
      gap: vars.space.xs,
      whiteSpace: 'nowrap',
      fontSize: 'inherit',
      minHeight: '44px',
      padding: `0 ${vars.space.md}`,
    },
  },
  borderBottom: '3px solid transparent',
  color: vars.color.textMuted,
  fontWeight: vars.fontWeight.medium,
  cursor: 'pointer',
  outline: 'none',
  selectors: {
    '&[data-hovered]': { color: vars.color.text },
    '&[data-selected]': { borderBottomColor: vars.color.primary, color: vars.color.primary, fontWeight: vars.fontWeight.semibold },
    '&[data-focus-visible]': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '-2px', borderRadius: vars.radius.sm },
  },
});
export const tabIcon = style({ flex: '0 0 auto' });
export const panel = style({
  paddingTop: vars.space.md,
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: vars.space.sm,
  outline: 'none',
  selectors: { '&[data-focus-visible]': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '2px' } },
});
export const link = style({ color: vars.color.primary });

// Rubric levels: selectable cards.
export const rubricGroup = style({ display: 'grid', gap: vars.space.sm });
export const rubricLegend = style({ fontWeight: vars.fontWeight.semibold });
export const rubricCards = style({
  display: 'grid',
  gap: vars.space.sm,
  gridTemplateColumns: 'minmax(0, 1fr)',
  '@media': { [mediaUp('sm')]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' } },
});
export const rubricCard = style({
  display: 'grid',
  gridTemplateColumns: 'auto 1fr',
  gap: `${vars.space.xxs} ${vars.space.sm}`,
  padding: vars.space.md,
  border: `2px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  cursor: 'pointer',
  selectors: {
    '&[data-hovered]': { borderColor: vars.color.borderStrong },
    '&[data-selected]': { borderColor: vars.color.primary, background: vars.color.primarySoft },
    '&[data-focus-visible]': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' },
    '&[data-disabled]': { cursor: 'default', opacity: 0.7 },
  },
});
export const rubricNumber = style([
  stepCircle,
  { gridRow: 'span 2', selectors: { [`${rubricCard}[data-selected] &`]: { background: vars.color.primary, borderColor: vars.color.primary, color: vars.color.onPrimary } } },
]);
export const rubricTitle = style({ fontWeight: vars.fontWeight.semibold });
export const rubricText = style({ fontSize: vars.fontSize.sm, color: vars.color.textMuted });

// Related strategies: compact cards with a thumbnail.
export const related = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: vars.space.sm });
export const relatedCard = style({
  position: 'relative',
  display: 'grid',
  gridTemplateColumns: '96px 1fr',
  gap: vars.space.sm,
  alignItems: 'center',
  padding: vars.space.xs,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  selectors: { '&:hover': { borderColor: vars.color.borderStrong }, '&:focus-within': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '2px' } },
});
export const thumb = style({
  width: '100%',
  aspectRatio: '16 / 9',
  objectFit: 'cover',
  borderRadius: vars.radius.sm,
  background: vars.color.surfaceMuted,
  display: 'block',
});
export const relatedTitle = style({ margin: 0, fontSize: vars.fontSize.sm, fontWeight: vars.fontWeight.semibold, lineHeight: vars.lineHeight.snug });
// The whole card is the link's target (the title's link stretches over it).
export const relatedLink = style({
  color: vars.color.text,
  textDecoration: 'none',
  outline: 'none',
  selectors: { '&::after': { content: '""', position: 'absolute', inset: 0 }, '&:hover': { color: vars.color.primary } },
});
export const relatedMeta = style({ margin: 0, fontSize: vars.fontSize.xs, color: vars.color.textMuted });

// The playlist the strategy is played from.
export const playlistBanner = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  padding: `${vars.space.sm} ${vars.space.md}`,
  marginBottom: vars.space.lg,
  borderRadius: vars.radius.md,
  background: vars.color.primarySoft,
  color: vars.color.onPrimarySoft,
});
export const playlistWhere = style({ margin: 0, display: 'grid', gap: vars.space.xxs });
export const playlistLink = style({ color: 'inherit', fontWeight: vars.fontWeight.semibold });
export const playlistPosition = style({ fontSize: vars.fontSize.sm });
