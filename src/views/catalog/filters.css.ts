import { keyframes, style } from '@vanilla-extract/css';
import { mediaDown, mediaUp } from '@/views/theme/tokens';
import { vars } from '@/views/theme/vars.css';
import * as picker from '@/views/components/picker.css';

// The catalogue's filters: a column beside the results on a wide screen, a bar above them on a
// tablet, and a sheet behind a "Filters" button on a phone; the active filters as chips.

/** Search on the left, and on a phone the Filters button beside it. */
export const toolbar = style({ display: 'flex', gap: vars.space.xs, alignItems: 'flex-end', flexWrap: 'wrap' });

export const searchForm = style({ display: 'flex', gap: vars.space.xs, alignItems: 'flex-end', flex: '1 1 20rem', minWidth: 0, maxWidth: '40rem' });
export const searchField = style({ flex: 1, minWidth: 0 });

export const layout = style({
  display: 'grid',
  gap: vars.space.lg,
  gridTemplateColumns: 'minmax(0, 1fr)',
  alignItems: 'start',
  '@media': { [mediaUp('md')]: { gridTemplateColumns: '15rem minmax(0, 1fr)', gap: vars.space.xl } },
});

/** The filters beside or above the results; a phone gets them in the sheet instead. */
export const aside = style({
  '@media': {
    [mediaDown('sm')]: { display: 'none' },
    [mediaUp('md')]: { position: 'sticky', top: `calc(${vars.layout.navbarHeight} + ${vars.space.md})` },
  },
});

export const panel = style({
  display: 'grid',
  gap: vars.space.md,
  border: 0,
  padding: 0,
  margin: 0,
  minWidth: 0,
  '@media': {
    [`${mediaUp('sm')} and (max-width: 959.98px)`]: { gridTemplateColumns: 'repeat(auto-fit, minmax(12rem, 1fr))' },
  },
});
export const panelTitle = style({ fontSize: vars.fontSize.md, fontWeight: vars.fontWeight.bold, padding: 0, marginBottom: vars.space.xs });

export const filtersButton = style({
  display: 'none',
  '@media': { [mediaDown('sm')]: { display: 'inline-flex', gap: vars.space.xs, alignItems: 'center' } },
});
export const countBadge = style({
  display: 'inline-grid',
  placeItems: 'center',
  minWidth: '1.5rem',
  height: '1.5rem',
  padding: `0 ${vars.space.xxs}`,
  borderRadius: vars.radius.full,
  background: vars.color.primary,
  color: vars.color.onPrimary,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.bold,
});

// ---- select and combobox (react-aria)
export const field = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xxs, minWidth: 0 });
export const label = style({ fontSize: vars.fontSize.sm, fontWeight: vars.fontWeight.semibold });
export const trigger = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.xs,
  width: '100%',
  minHeight: '44px',
  padding: `${vars.space.xs} ${vars.space.sm}`,
  border: `1px solid ${vars.color.borderStrong}`,
  borderRadius: vars.radius.sm,
  background: vars.color.surface,
  color: vars.color.text,
  font: 'inherit',
  textAlign: 'left',
  cursor: 'pointer',
  selectors: {
    '&[data-focus-visible]': { outline: 'none', borderColor: vars.color.focus, boxShadow: `0 0 0 3px ${vars.color.primarySoft}, 0 0 0 1px ${vars.color.focus}` },
    '&[data-pressed]': { background: vars.color.surfaceMuted },
  },
});
export const value = style({ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', minWidth: 0 });
export const chevron = style({ flexShrink: 0, color: vars.color.textMuted });

export const comboField = style({ position: 'relative', display: 'flex' });
export const comboInput = style({
  width: '100%',
  minHeight: '44px',
  padding: `${vars.space.xs} 2.75rem ${vars.space.xs} ${vars.space.sm}`,
  border: `1px solid ${vars.color.borderStrong}`,
  borderRadius: vars.radius.sm,
  background: vars.color.surface,
  color: vars.color.text,
  font: 'inherit',
  textOverflow: 'ellipsis',
  selectors: {
    '&::placeholder': { color: vars.color.textMuted, opacity: 1 },
    '&[data-focused]': { outline: 'none', borderColor: vars.color.focus, boxShadow: `0 0 0 3px ${vars.color.primarySoft}, 0 0 0 1px ${vars.color.focus}` },
  },
});
export const comboToggle = picker.comboToggle;

export const popover = style([picker.popover, { minWidth: '14rem', maxHeight: '22rem' }]);
export const wideDropdown = style({ minWidth: '20rem', maxWidth: 'calc(100vw - 2rem)' });
export const listBox = picker.listBox;
export const option = style([picker.option, { alignItems: 'baseline', gap: vars.space.xs, minHeight: '36px', fontSize: vars.fontSize.sm }]);
export const optionLevel = style({ flexShrink: 0, fontSize: vars.fontSize.xs, color: vars.color.textMuted, textTransform: 'uppercase', letterSpacing: '0.04em' });
export const optionTop = style({ fontWeight: vars.fontWeight.semibold });

// ---- chips
export const chipsRow = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.xs, alignItems: 'center' });
export const chips = style({ display: 'contents', listStyle: 'none', padding: 0, margin: 0 });
export const chip = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xxs,
  maxWidth: '100%',
  minHeight: '32px',
  padding: `${vars.space.xxs} ${vars.space.xs} ${vars.space.xxs} ${vars.space.sm}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.full,
  background: vars.color.primarySoft,
  color: vars.color.onPrimarySoft,
  font: 'inherit',
  fontSize: vars.fontSize.sm,
  cursor: 'pointer',
  selectors: { '&:hover': { borderColor: vars.color.primary } },
});
export const chipText = style({ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' });
export const chipKind = style({ fontWeight: vars.fontWeight.semibold });
export const clearAll = style({
  minHeight: '32px',
  padding: `0 ${vars.space.xs}`,
  border: 0,
  background: 'transparent',
  color: vars.color.primary,
  font: 'inherit',
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.semibold,
  textDecoration: 'underline',
  textUnderlineOffset: '0.18em',
  cursor: 'pointer',
});

// ---- phone sheet
const slide = keyframes({ from: { transform: 'translateY(100%)' }, to: { transform: 'none' } });
export const sheetOverlay = style({
  position: 'fixed',
  inset: 0,
  zIndex: 100,
  display: 'flex',
  alignItems: 'flex-end',
  background: vars.color.overlay,
});
export const sheet = style({
  width: '100%',
  maxHeight: '85dvh',
  overflowY: 'auto',
  background: vars.color.surface,
  color: vars.color.text,
  borderRadius: `${vars.radius.lg} ${vars.radius.lg} 0 0`,
  boxShadow: vars.elevation.high,
  animation: `${slide} ${vars.motion.normal} ${vars.motion.easing}`,
});
export const sheetDialog = style({ outline: 'none', padding: vars.space.lg, display: 'grid', gap: vars.space.md });
export const sheetHeader = style({ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: vars.space.sm });
export const sheetTitle = style({ fontSize: vars.fontSize.xl });
export const sheetActions = style({ display: 'flex', gap: vars.space.sm, justifyContent: 'space-between', alignItems: 'center', paddingTop: vars.space.xs, borderTop: `1px solid ${vars.color.border}` });
