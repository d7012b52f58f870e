import { globalStyle, style, styleVariants } from '@vanilla-extract/css';
import { mediaUp } from '@/views/theme/tokens';
import { vars } from '@/views/theme/vars.css';
import * as picker from '@/views/components/picker.css';
import { field } from '@/views/components/form/form.css';

// The catalogue screens: the list's type and status marks, and the item editor — a main column
// of sections (cards) beside a sticky side column (status, publishing, save) on wide screens.

const pill = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '0.375rem',
  padding: `0.125rem ${vars.space.xs}`,
  borderRadius: vars.radius.full,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.semibold,
  whiteSpace: 'nowrap',
  border: '1px solid transparent',
});
const dot = { content: '""', width: '0.5rem', height: '0.5rem', borderRadius: '50%', background: 'currentColor' };
export const statusPill = styleVariants({
  DRAFT: [pill, { background: vars.color.surfaceMuted, color: vars.color.text, borderColor: vars.color.border }],
  PUBLISHED: [pill, { background: vars.color.secondarySoft, color: vars.color.text }],
  ARCHIVED: [pill, { background: 'transparent', color: vars.color.textMuted, borderColor: vars.color.borderStrong }],
});
globalStyle(`${statusPill.PUBLISHED}::before`, { ...dot, background: vars.color.success });
globalStyle(`${statusPill.DRAFT}::before`, { ...dot, background: vars.color.accent });
globalStyle(`${statusPill.ARCHIVED}::before`, { ...dot, background: vars.color.borderStrong });

export const typeMark = style({ display: 'inline-flex', alignItems: 'center', gap: vars.space.xxs, color: vars.color.text, whiteSpace: 'nowrap' });
export const typeIcon = style({ color: vars.color.textMuted, flexShrink: 0 });

// ---- "New item" menu
export const menuPopover = style([picker.popover, { width: 'auto', minWidth: '14rem' }]);
export const menu = style({ outline: 'none', padding: vars.space.xxs });
export const menuItem = style([picker.option, { flexDirection: 'column', gap: '0.125rem' }]);
export const menuItemHint = style({ fontSize: vars.fontSize.xs, color: vars.color.textMuted, fontWeight: vars.fontWeight.regular });

// ---- the editor
export const editorHead = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space.xs, marginTop: vars.space.xxs, color: vars.color.textMuted, fontSize: vars.fontSize.sm });
export const editorGrid = style({
  display: 'grid',
  gap: vars.space.lg,
  gridTemplateColumns: 'minmax(0, 1fr)',
  alignItems: 'start',
  marginTop: vars.space.lg,
  '@media': { [mediaUp('lg')]: { gridTemplateColumns: 'minmax(0, 1fr) 20rem' } },
});
export const mainColumn = style({ display: 'grid', gap: vars.space.lg, minWidth: 0 });
export const side = style({
  display: 'grid',
  gap: vars.space.lg,
  '@media': { [mediaUp('lg')]: { position: 'sticky', top: `calc(${vars.layout.navbarHeight} + ${vars.space.md})` } },
});
export const sectionHead = style({ display: 'grid', gap: vars.space.xxs });
export const sectionLead = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });
export const fields = style({ display: 'grid', gap: vars.space.md });
export const twoColumns = style({
  display: 'grid',
  gap: vars.space.md,
  gridTemplateColumns: 'minmax(0, 1fr)',
  '@media': { [mediaUp('sm')]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' } },
});
export const threeColumns = style({
  display: 'grid',
  gap: vars.space.md,
  gridTemplateColumns: 'minmax(0, 1fr)',
  '@media': { [mediaUp('sm')]: { gridTemplateColumns: '2fr 1fr 1fr' } },
});
export const textarea = style({ selectors: { [`${field} &`]: { minHeight: '7rem', resize: 'vertical', fontFamily: 'inherit', lineHeight: 1.5 } } });
export const codeArea = style({ selectors: { [`${field} &`]: { minHeight: '14rem', resize: 'vertical', fontFamily: vars.font.mono, fontSize: vars.fontSize.sm, lineHeight: 1.5 } } });
export const checkRow = style({ display: 'flex', alignItems: 'center', gap: vars.space.xs, minHeight: '44px', fontWeight: vars.fontWeight.medium });
globalStyle(`${checkRow} input`, { width: '1.125rem', height: '1.125rem', accentColor: vars.color.primary });

/** A list of editable rows (resources, rubric levels, playlist entries). */
export const rows = style({ display: 'grid', gap: vars.space.sm, listStyle: 'none', margin: 0, padding: 0 });
export const row = style({
  display: 'grid',
  gap: vars.space.sm,
  padding: vars.space.md,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.background,
});
export const rowHead = style({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: vars.space.sm, flexWrap: 'wrap' });
export const rowTitle = style({ fontWeight: vars.fontWeight.semibold, fontSize: vars.fontSize.sm });
export const rowActions = style({ display: 'flex', gap: vars.space.xxs, flexWrap: 'wrap' });
export const levelBadge = style({
  display: 'inline-grid',
  placeItems: 'center',
  width: '1.75rem',
  height: '1.75rem',
  borderRadius: '50%',
  background: vars.color.primarySoft,
  color: vars.color.onPrimarySoft,
  fontWeight: vars.fontWeight.bold,
  fontSize: vars.fontSize.sm,
});

// ---- tags (framework items, audiences)
export const tagList = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.xs, outline: 'none' });
export const tag = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xxs,
  padding: `0.125rem 0.125rem 0.125rem ${vars.space.sm}`,
  borderRadius: vars.radius.full,
  background: vars.color.primarySoft,
  color: vars.color.onPrimarySoft,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  outline: 'none',
  selectors: { '&[data-focus-visible]': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '2px' } },
});
export const tagRemove = style({
  display: 'inline-grid',
  placeItems: 'center',
  width: '1.75rem',
  height: '1.75rem',
  border: 0,
  borderRadius: '50%',
  background: 'transparent',
  color: 'inherit',
  cursor: 'pointer',
  selectors: { '&[data-hovered]': { background: vars.color.surface }, '&[data-focus-visible]': { outline: `2px solid ${vars.color.focus}` } },
});
export const tagKind = style({ fontSize: vars.fontSize.xs, opacity: 0.8 });
export const empty = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm, fontStyle: 'italic' });

export const option = style([picker.option, { flexDirection: 'column', gap: '0.125rem' }]);
export const optionMeta = style({ fontSize: vars.fontSize.xs, color: vars.color.textMuted });

export const audienceGrid = style({
  display: 'grid',
  gap: vars.space.xs,
  gridTemplateColumns: 'minmax(0, 1fr)',
  '@media': { [mediaUp('sm')]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' } },
});
export const audienceChoice = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.xs,
  minHeight: '44px',
  padding: `0 ${vars.space.sm}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  cursor: 'pointer',
  selectors: { '&:has(input:checked)': { borderColor: vars.color.primary, background: vars.color.primarySoft } },
});
globalStyle(`${audienceChoice} input`, { width: '1.125rem', height: '1.125rem', accentColor: vars.color.primary });

// ---- playlist entries (a react-aria GridList with drag and drop)
export const entryList = style({ display: 'grid', gap: vars.space.xs, outline: 'none' });
export const entry = style({
  display: 'grid',
  // A phone puts the buttons under the title; wider screens at the end of the row.
  gridTemplateColumns: 'auto minmax(0, 1fr)',
  '@media': { [mediaUp('sm')]: { gridTemplateColumns: 'auto minmax(0, 1fr) auto' } },
  alignItems: 'center',
  gap: vars.space.sm,
  padding: `${vars.space.xs} ${vars.space.sm}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  outline: 'none',
  selectors: {
    '&[data-focus-visible]': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '2px' },
    '&[data-dragging]': { borderStyle: 'dashed', borderColor: vars.color.primary, background: vars.color.surfaceMuted },
  },
});
export const dropIndicator = style({
  outline: 'none',
  selectors: { '&[data-drop-target]': { height: 0, outline: `2px solid ${vars.color.primary}`, borderRadius: vars.radius.full } },
});
export const dragHandle = style({
  display: 'inline-grid',
  placeItems: 'center',
  width: '2rem',
  height: '2.75rem',
  border: 0,
  borderRadius: vars.radius.sm,
  background: 'transparent',
  color: vars.color.textMuted,
  cursor: 'grab',
  selectors: { '&[data-focus-visible]': { outline: `2px solid ${vars.color.focus}` } },
});
export const entryText = style({ display: 'grid', minWidth: 0, gap: '0.125rem' });
export const entryTitle = style({ fontWeight: vars.fontWeight.semibold, overflowWrap: 'anywhere' });
export const entryMeta = style({ display: 'flex', gap: vars.space.xs, alignItems: 'center', flexWrap: 'wrap', fontSize: vars.fontSize.xs, color: vars.color.textMuted });
export const position = style({ fontVariantNumeric: 'tabular-nums', color: vars.color.textMuted, fontSize: vars.fontSize.sm, minWidth: '1.5rem', textAlign: 'end' });
export const entryButtons = style({
  display: 'flex',
  gap: vars.space.xxs,
  gridColumn: '2 / -1',
  '@media': { [mediaUp('sm')]: { gridColumn: 'auto' } },
});
export const iconButton = style({
  display: 'inline-grid',
  placeItems: 'center',
  minWidth: '2.25rem',
  height: '2.25rem',
  padding: `0 ${vars.space.xs}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  background: vars.color.surface,
  color: vars.color.text,
  cursor: 'pointer',
  selectors: {
    '&:hover:not([disabled])': { background: vars.color.surfaceMuted },
    '&[disabled], &[data-disabled]': { opacity: 0.45, cursor: 'not-allowed' },
    '&[data-focus-visible]': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '1px' },
    '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '1px' },
  },
});

// ---- the side column
export const statusFacts = style({ display: 'grid', gridTemplateColumns: 'max-content minmax(0, 1fr)', gap: `${vars.space.xs} ${vars.space.md}`, margin: 0, fontSize: vars.fontSize.sm });
globalStyle(`${statusFacts} dt`, { color: vars.color.textMuted });
globalStyle(`${statusFacts} dd`, { margin: 0, overflowWrap: 'anywhere' });
export const sideActions = style({ display: 'grid', gap: vars.space.xs });
export const alert = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) auto',
  gap: vars.space.sm,
  alignItems: 'start',
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.error}`,
  borderLeftWidth: '4px',
  background: vars.color.surface,
  color: vars.color.text,
});
export const alertTitle = style({ fontWeight: vars.fontWeight.semibold, color: vars.color.error });
export const saveBar = style({ display: 'flex', gap: vars.space.sm, alignItems: 'center', flexWrap: 'wrap' });
export const unsaved = style({ fontSize: vars.fontSize.sm, color: vars.color.accent, fontWeight: vars.fontWeight.semibold });
export const typeChoices = style({ display: 'grid', gap: vars.space.sm, '@media': { [mediaUp('sm')]: { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' } } });
export const plainFieldset = style([fields, { border: 0, padding: 0, margin: 0, minWidth: 0 }]);
export const legend = style({ padding: 0, marginBottom: vars.space.xs, fontWeight: vars.fontWeight.semibold, fontSize: vars.fontSize.sm });
export const pickerBox = style({ display: 'grid', gap: vars.space.xxs });
export const pickerList = style([
  picker.listBox,
  {
    maxHeight: '16rem',
    overflowY: 'auto',
    border: `1px solid ${vars.color.border}`,
    borderRadius: vars.radius.md,
    background: vars.color.surfaceRaised,
    boxShadow: vars.elevation.medium,
  },
]);

// The implementation guide as educators will see it, under its Markdown.
export const guidePreview = style({
  marginTop: vars.space.sm,
  padding: vars.space.md,
  border: `1px dashed ${vars.color.borderStrong}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
});
export const previewEmpty = style({ margin: 0, color: vars.color.textMuted });
