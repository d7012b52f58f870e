import { globalStyle, keyframes, style } from '@vanilla-extract/css';
import { mediaDown, mediaUp } from '@/views/theme/tokens';
import { vars } from '@/views/theme/vars.css';

const focusRing = {
  outline: `2px solid ${vars.color.focus}`,
  outlineOffset: '-2px',
} as const;

export const root = style({
  display: 'grid',
  gap: vars.space.sm,
  width: '100%',
  // A grid or flex parent would otherwise let a wide table push the page sideways.
  minWidth: 0,
});

export const toolbar = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-end',
  justifyContent: 'space-between',
  gap: vars.space.sm,
});

export const caption = style({
  margin: 0,
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.semibold,
  lineHeight: vars.lineHeight.tight,
  color: vars.color.text,
});

export const toolbarEnd = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-end',
  gap: vars.space.sm,
  minWidth: 0,
});

export const searchField = style({
  display: 'grid',
  gap: vars.space.xxs,
  width: '100%',
  '@media': { [mediaUp('sm')]: { width: '16rem' } },
});

export const searchLabel = style({
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  color: vars.color.textMuted,
});

export const searchBox = style({
  display: 'flex',
  alignItems: 'center',
  minHeight: '44px',
  border: `1px solid ${vars.color.borderStrong}`,
  borderRadius: vars.radius.sm,
  background: vars.color.surface,
  selectors: { '&:focus-within': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '1px' } },
});

export const searchInput = style({
  flex: 1,
  minWidth: 0,
  padding: `${vars.space.xs} ${vars.space.sm}`,
  border: 0,
  background: 'transparent',
  color: vars.color.text,
  font: 'inherit',
  outline: 'none',
  selectors: {
    // The field draws its own clear button.
    '&::-webkit-search-cancel-button': { display: 'none' },
  },
});

export const clearButton = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '44px',
  height: '44px',
  border: 0,
  borderRadius: vars.radius.sm,
  background: 'transparent',
  color: vars.color.textMuted,
  cursor: 'pointer',
  selectors: {
    '&[data-hovered]': { color: vars.color.text },
    '&[data-focus-visible]': focusRing,
  },
});

export const frame = style({
  position: 'relative',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  overflow: 'hidden',
});

const edgeShadow = 'rgb(16 24 40 / 0.18)';

/**
 * The table scrolls sideways inside its own region instead of widening the page. Shadows at
 * the edges say there is more: the covers scroll with the content (`local`) and hide a shadow
 * once its edge is reached.
 */
export const scroller = style({
  maxWidth: '100%',
  overflowX: 'auto',
  overscrollBehaviorX: 'contain',
  containerType: 'inline-size',
  background: [
    `linear-gradient(to right, ${vars.color.surface} 40%, transparent) left center / 48px 100% no-repeat local`,
    `linear-gradient(to left, ${vars.color.surface} 40%, transparent) right center / 48px 100% no-repeat local`,
    `radial-gradient(farthest-side at 0 50%, ${edgeShadow}, transparent) left center / 14px 100% no-repeat scroll`,
    `radial-gradient(farthest-side at 100% 50%, ${edgeShadow}, transparent) right center / 14px 100% no-repeat scroll`,
  ].join(', '),
  selectors: { '&:focus-visible': focusRing },
});

export const table = style({
  width: '100%',
  borderCollapse: 'collapse',
  fontSize: vars.fontSize.sm,
  color: vars.color.text,
});

export const body = style({
  transition: `opacity ${vars.motion.normal} ${vars.motion.easing}`,
});

/** The previous page stays visible, dimmed, while the next one loads. */
export const bodyBusy = style([body, { opacity: 0.55 }]);

export const column = style({
  padding: `${vars.space.sm} ${vars.space.md}`,
  textAlign: 'start',
  fontWeight: vars.fontWeight.semibold,
  color: vars.color.textMuted,
  background: vars.color.surfaceMuted,
  borderBottom: `1px solid ${vars.color.border}`,
  whiteSpace: 'nowrap',
  selectors: {
    '&[data-allows-sorting]': { cursor: 'pointer' },
    '&[data-allows-sorting][data-hovered]': { color: vars.color.text },
    '&[data-focus-visible]': focusRing,
  },
});

export const columnEnd = style([column, { textAlign: 'end' }]);

export const columnContent = style({
  display: 'inline-flex',
  verticalAlign: 'middle',
  alignItems: 'center',
  gap: vars.space.xxs,
});

export const sortIcon = style({
  flexShrink: 0,
  opacity: 0,
  transition: `opacity ${vars.motion.fast} ${vars.motion.easing}, transform ${vars.motion.fast} ${vars.motion.easing}`,
  selectors: {
    [`${column}[data-hovered] &, ${column}[data-focus-visible] &`]: { opacity: 0.45 },
  },
});

export const sortIconActive = style([sortIcon, { opacity: 1 }]);
export const sortIconDescending = style([sortIconActive, { transform: 'rotate(180deg)' }]);

export const selectionColumn = style([column, { width: '1%', paddingRight: 0 }]);

export const row = style({
  borderBottom: `1px solid ${vars.color.border}`,
  outline: 'none',
  selectors: {
    '&:last-child': { borderBottom: 0 },
    '&[data-hovered]': { background: vars.color.surfaceMuted },
    '&[data-selected]': { background: vars.color.primarySoft },
    '&[data-focus-visible]': focusRing,
  },
});

export const cell = style({
  padding: `${vars.space.sm} ${vars.space.md}`,
  verticalAlign: 'middle',
  // On a phone the row keeps one line and the region scrolls; wider screens wrap long text.
  whiteSpace: 'nowrap',
  '@media': { [mediaUp('md')]: { whiteSpace: 'normal' } },
  selectors: { '&[data-focus-visible]': focusRing },
});

export const cellEnd = style([cell, { textAlign: 'end', fontVariantNumeric: 'tabular-nums' }]);
export const selectionCell = style([cell, { width: '1%', paddingRight: 0 }]);

export const checkbox = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  // 44 px of target around an 18 px box.
  minWidth: '44px',
  minHeight: '44px',
  margin: `calc(-1 * ${vars.space.sm}) 0`,
  cursor: 'pointer',
  selectors: { '&[data-disabled]': { cursor: 'not-allowed', opacity: 0.5 } },
});

export const checkboxBox = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '18px',
  height: '18px',
  border: `2px solid ${vars.color.borderStrong}`,
  borderRadius: '4px',
  background: vars.color.surface,
  color: vars.color.onPrimary,
  selectors: {
    [`${checkbox}[data-selected] &, ${checkbox}[data-indeterminate] &`]: {
      background: vars.color.primary,
      borderColor: vars.color.primary,
    },
    [`${checkbox}[data-focus-visible] &`]: { outline: `2px solid ${vars.color.focus}`, outlineOffset: '2px' },
  },
});

export const emptyState = style({
  // As wide as the visible region, not the (possibly wider) table, and kept in view.
  position: 'sticky',
  insetInlineStart: 0,
  width: '100cqi',
  boxSizing: 'border-box',
  padding: `${vars.space.xl} ${vars.space.md}`,
  textAlign: 'center',
  color: vars.color.textMuted,
  whiteSpace: 'normal',
});

export const skeletonRows = style({
  position: 'sticky',
  insetInlineStart: 0,
  width: '100cqi',
  boxSizing: 'border-box',
  padding: vars.space.md,
});
export const skeletonRow = style({ display: 'grid', gap: vars.space.xs, paddingBlock: vars.space.xs });

const slide = keyframes({
  from: { transform: 'translateX(-100%)' },
  to: { transform: 'translateX(250%)' },
});

export const progress = style({
  position: 'absolute',
  insetInline: 0,
  top: 0,
  height: '3px',
  overflow: 'hidden',
  zIndex: 1,
});

export const progressBar = style({
  width: '40%',
  height: '100%',
  background: vars.color.primary,
  animation: `${slide} 1.1s ${vars.motion.easing} infinite`,
  '@media': { '(prefers-reduced-motion: reduce)': { animation: 'none', width: '100%', opacity: 0.6 } },
});

export const error = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  padding: `${vars.space.sm} ${vars.space.md}`,
  border: `1px solid ${vars.color.error}`,
  borderRadius: vars.radius.md,
  color: vars.color.error,
  background: vars.color.surface,
});

export const footer = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  columnGap: vars.space.lg,
  rowGap: vars.space.xs,
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
  '@media': { [mediaUp('sm')]: { justifyContent: 'flex-end' } },
});

export const pageSize = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
});

export const select = style({
  minHeight: '36px',
  padding: `${vars.space.xxs} ${vars.space.xs}`,
  border: `1px solid ${vars.color.borderStrong}`,
  borderRadius: vars.radius.sm,
  background: vars.color.surface,
  color: vars.color.text,
  font: 'inherit',
  selectors: { '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '1px' } },
});

/** The range and its buttons stay together, at the end of the line. */
export const pagerGroup = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.sm,
  marginInlineStart: 'auto',
  '@media': { [mediaUp('sm')]: { marginInlineStart: 0 } },
});

export const range = style({
  fontVariantNumeric: 'tabular-nums',
  whiteSpace: 'nowrap',
});

export const pager = style({
  display: 'inline-flex',
  gap: vars.space.xxs,
});

export const pageButton = style({
  minWidth: '44px',
  minHeight: '44px',
  paddingInline: vars.space.xs,
});

// ── phones (below 600 px): every row is a card of "label: value" lines ──
// The table keeps its roles (react-aria sets them explicitly), so screen readers still read a
// grid; only the boxes change. The header row stays for assistive technology, off screen.
const phone = mediaDown('sm');

globalStyle(`${table}, ${table} > tbody`, { '@media': { [phone]: { display: 'block' } } });
globalStyle(`${table} > thead`, {
  '@media': { [phone]: { position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' } },
});

globalStyle(`${frame}:has(${table})`, { '@media': { [phone]: { border: 0, background: 'transparent', overflow: 'visible' } } });
globalStyle(`${scroller}:has(${table})`, { '@media': { [phone]: { overflowX: 'visible', background: 'none' } } });

globalStyle(`${row}`, {
  '@media': {
    [phone]: {
      display: 'flex',
      flexWrap: 'wrap',
      rowGap: vars.space.xxs,
      columnGap: vars.space.md,
      padding: `${vars.space.sm} ${vars.space.md}`,
      marginBottom: vars.space.sm,
      border: `1px solid ${vars.color.border}`,
      borderRadius: vars.radius.md,
      background: vars.color.surface,
      boxShadow: vars.elevation.low,
    },
  },
});
globalStyle(`${row}:last-child`, { '@media': { [phone]: { borderBottom: `1px solid ${vars.color.border}`, marginBottom: 0 } } });

globalStyle(`${row} > ${cell}, ${row} > ${cellEnd}, ${row} > ${selectionCell}`, {
  '@media': {
    [phone]: {
      display: 'grid',
      gridTemplateColumns: 'minmax(6.5rem, 38%) minmax(0, 1fr)',
      alignItems: 'center',
      justifyItems: 'start',
      gap: vars.space.sm,
      flex: '1 1 100%',
      minWidth: 0,
      width: 'auto',
      padding: `${vars.space.xxs} 0`,
      textAlign: 'start',
      whiteSpace: 'normal',
      overflowWrap: 'anywhere',
    },
  },
});
globalStyle(`${row} > ${cell}::before, ${row} > ${cellEnd}::before, ${row} > ${selectionCell}::before`, {
  '@media': { [phone]: { content: 'attr(data-label)', fontSize: vars.fontSize.xs, fontWeight: vars.fontWeight.semibold, color: vars.color.textMuted } },
});
/**
 * A short value (a name, a date, yes or no) takes half a line: its label beside it when both fit,
 * above it when the value is long.
 */
globalStyle(`${row} > [data-phone-width="half"]`, {
  '@media': { [phone]: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', alignContent: 'flex-start', columnGap: vars.space.xs, rowGap: 0, flexBasis: `calc(50% - ${vars.space.md})` } },
});
/** The first column names the row: on a card it is the title, without a label. */
globalStyle(`${row} > ${cell}:first-child, ${row} > ${selectionCell} + ${cell}`, {
  '@media': { [phone]: { gridTemplateColumns: '1fr', fontSize: vars.fontSize.md, fontWeight: vars.fontWeight.semibold } },
});
globalStyle(`${row} > ${cell}:first-child::before, ${row} > ${selectionCell} + ${cell}::before`, { '@media': { [phone]: { content: 'none' } } });
/** A row's checkbox sits beside its title, as in a mail client, not on a line of its own. */
globalStyle(`${row} > ${selectionCell}:first-child`, { '@media': { [phone]: { flex: '0 0 2.75rem', display: 'flex', alignItems: 'center' } } });
globalStyle(`${row} > ${selectionCell} + ${cell}`, { '@media': { [phone]: { flex: `1 1 calc(100% - 2.75rem - ${vars.space.md})` } } });

/** The sort control for phones, where the header is off screen. */
export const phoneSort = style({
  display: 'none',
  '@media': { [phone]: { display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: vars.space.xs } },
});
export const phoneSortLabel = style({ display: 'grid', gap: vars.space.xxs, fontSize: vars.fontSize.sm, color: vars.color.textMuted });
