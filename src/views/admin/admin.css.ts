import { globalStyle, style, styleVariants } from '@vanilla-extract/css';
import { mediaUp } from '@/views/theme/tokens';
import { vars } from '@/views/theme/vars.css';

// The admin site's frame: a top bar (brand, sections, the signed-in admin and Sign out) over
// wide working pages; tables get the width, forms and details a readable column.

export const frame = style({ minHeight: '100vh', display: 'flex', flexDirection: 'column', background: vars.color.background });

export const skipLink = style({
  position: 'absolute',
  left: vars.space.sm,
  top: '-4rem',
  padding: `${vars.space.xs} ${vars.space.sm}`,
  background: vars.color.surface,
  color: vars.color.primary,
  borderRadius: vars.radius.sm,
  zIndex: 20,
  selectors: { '&:focus': { top: vars.space.sm } },
});

export const bar = style({
  position: 'sticky',
  top: 0,
  zIndex: 10,
  background: vars.color.surface,
  borderBottom: `1px solid ${vars.color.border}`,
});

export const barInner = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: `${vars.space.xs} ${vars.space.lg}`,
  maxWidth: '96rem',
  margin: '0 auto',
  padding: `${vars.space.sm} ${vars.space.md}`,
  '@media': { [mediaUp('md')]: { flexWrap: 'nowrap', minHeight: vars.layout.navbarHeight, padding: `0 ${vars.space.lg}` } },
});

export const brand = style({ display: 'flex', alignItems: 'center', gap: vars.space.xs, color: vars.color.text, textDecoration: 'none', fontWeight: vars.fontWeight.bold });
/** A phone keeps the mark and the badge: the bar stays one line with Sign out. */
export const brandText = style({ '@media': { ['screen and (max-width: 419.98px)']: { display: 'none' } } });
export const logo = style({
  display: 'inline-grid',
  placeItems: 'center',
  width: '2rem',
  height: '2rem',
  borderRadius: vars.radius.sm,
  background: vars.color.primary,
  color: vars.color.onPrimary,
  fontSize: vars.fontSize.sm,
});
export const badge = style({
  padding: `0.125rem ${vars.space.xs}`,
  borderRadius: vars.radius.full,
  background: vars.color.secondarySoft,
  color: vars.color.text,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.semibold,
  letterSpacing: '0.02em',
  textTransform: 'uppercase',
});

export const nav = style({ order: 3, width: '100%', '@media': { [mediaUp('md')]: { order: 0, width: 'auto', flex: 1 } } });
export const navList = style({ display: 'flex', gap: vars.space.xxs, listStyle: 'none', margin: 0, padding: 0, overflowX: 'auto' });
export const navLink = style({
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: '44px',
  padding: `0 ${vars.space.sm}`,
  borderRadius: vars.radius.sm,
  color: vars.color.textMuted,
  fontWeight: vars.fontWeight.medium,
  textDecoration: 'none',
  whiteSpace: 'nowrap',
  selectors: {
    '&:hover': { background: vars.color.surfaceMuted, color: vars.color.text },
    '&[aria-current="page"]': { background: vars.color.primarySoft, color: vars.color.onPrimarySoft },
  },
});

export const account = style({ display: 'flex', alignItems: 'center', gap: vars.space.sm, marginLeft: 'auto', minWidth: 0 });
export const accountName = style({
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  display: 'none',
  '@media': { [mediaUp('sm')]: { display: 'inline' } },
});

export const main = style({
  width: '100%',
  maxWidth: '96rem',
  margin: '0 auto',
  padding: `${vars.space.lg} ${vars.space.md} ${vars.space.xxl}`,
  flex: 1,
  '@media': { [mediaUp('md')]: { padding: `${vars.space.xl} ${vars.space.lg} ${vars.space.xxl}` } },
});

export const titleRow = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', justifyContent: 'space-between', gap: vars.space.sm });
export const title = style({ fontSize: vars.fontSize.xxl, lineHeight: vars.lineHeight.tight, overflowWrap: 'anywhere' });
export const lead = style({ marginTop: vars.space.xs, color: vars.color.textMuted, maxWidth: '48rem' });
export const section = style({ marginTop: vars.space.lg });

export const filters = style({
  display: 'grid',
  gap: vars.space.sm,
  gridTemplateColumns: 'minmax(0, 1fr)',
  marginBottom: vars.space.md,
  '@media': { [mediaUp('sm')]: { gridTemplateColumns: 'repeat(auto-fit, minmax(12rem, 1fr))' } },
});

export const textInput = style({
  width: '100%',
  minHeight: '44px',
  padding: `${vars.space.xs} ${vars.space.sm}`,
  border: `1px solid ${vars.color.borderStrong}`,
  borderRadius: vars.radius.sm,
  background: vars.color.surface,
  color: vars.color.text,
  font: 'inherit',
  selectors: { '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '1px' } },
});
export const fieldLabel = style({ display: 'block', fontSize: vars.fontSize.sm, fontWeight: vars.fontWeight.semibold, marginBottom: vars.space.xxs });

export const muted = style({ color: vars.color.textMuted });
export const nameCell = style({ display: 'flex', flexDirection: 'column', minWidth: 0 });
export const nameLink = style({ color: vars.color.primary, fontWeight: vars.fontWeight.semibold, textDecoration: 'none', selectors: { '&:hover': { textDecoration: 'underline' } } });
export const small = style({ fontSize: vars.fontSize.xs, color: vars.color.textMuted, overflowWrap: 'anywhere' });

const pill = style({
  display: 'inline-block',
  padding: `0.125rem ${vars.space.xs}`,
  borderRadius: vars.radius.full,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.semibold,
  whiteSpace: 'nowrap',
  border: '1px solid transparent',
});
export const status = styleVariants({
  active: [pill, { background: vars.color.secondarySoft, color: vars.color.text }],
  deactivated: [pill, { background: vars.color.surfaceMuted, color: vars.color.error, borderColor: vars.color.error }],
  neutral: [pill, { background: vars.color.surfaceMuted, color: vars.color.text }],
});

// ---- the account page
export const detailGrid = style({
  display: 'grid',
  gap: vars.space.lg,
  gridTemplateColumns: 'minmax(0, 1fr)',
  marginTop: vars.space.lg,
  '@media': { [mediaUp('lg')]: { gridTemplateColumns: 'minmax(0, 3fr) minmax(0, 2fr)' } },
});
export const card = style({
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  padding: vars.space.lg,
  display: 'grid',
  // One column that may be narrower than a long word in it (an address in a hint wraps instead of widening the fields).
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: vars.space.md,
  alignContent: 'start',
});
/** A group of choices inside a card: its legend reads as a field's label, without the browser's frame. */
export const choiceGroup = style({ border: 0, margin: 0, padding: 0, display: 'grid', gap: vars.space.xxs, minWidth: 0 });
export const cardTitle = style({ fontSize: vars.fontSize.lg, fontWeight: vars.fontWeight.semibold });
export const facts = style({ display: 'grid', gridTemplateColumns: 'max-content minmax(0, 1fr)', gap: `${vars.space.xs} ${vars.space.md}`, margin: 0 });
globalStyle(`${facts} dt`, { color: vars.color.textMuted, fontSize: vars.fontSize.sm });
globalStyle(`${facts} dd`, { margin: 0, overflowWrap: 'anywhere' });
export const action = style({ display: 'grid', gap: vars.space.xs, paddingTop: vars.space.md, borderTop: `1px solid ${vars.color.border}`, selectors: { '&:first-of-type': { borderTop: 0, paddingTop: 0 } } });
export const actionTitle = style({ fontWeight: vars.fontWeight.semibold });
export const actionRow = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm, alignItems: 'flex-end' });
export const back = style({ display: 'inline-block', marginBottom: vars.space.sm, color: vars.color.primary });

// ---- the audit log
export const change = style({ display: 'grid', gap: '0.125rem', fontSize: vars.fontSize.sm, minWidth: '12rem' });
export const changeValue = style({ fontFamily: vars.font.mono, fontSize: vars.fontSize.xs, overflowWrap: 'anywhere' });
export const before = style({ color: vars.color.textMuted, textDecoration: 'line-through' });

// ---- sign-in
export const signInActions = style({ display: 'grid', gap: vars.space.sm });
export const divider = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  selectors: { '&::before, &::after': { content: '""', flex: 1, borderTop: `1px solid ${vars.color.border}` } },
});

/** A destructive action: deactivating an account. */
export const danger = style({
  background: vars.color.error,
  color: vars.color.onPrimary,
  borderColor: vars.color.error,
  selectors: { '&:hover:not([disabled])': { filter: 'brightness(0.92)' } },
});

// ---- an organization's page
/** A card across the whole detail grid (an organization's members). */
export const wide = style({ gridColumn: '1 / -1' });
export const tableScroll = style({ overflowX: 'auto' });
export const simpleTable = style({ width: '100%', borderCollapse: 'collapse', fontSize: vars.fontSize.sm });
globalStyle(`${simpleTable} caption`, { textAlign: 'start', paddingBottom: vars.space.xs });
globalStyle(`${simpleTable} th, ${simpleTable} td`, { textAlign: 'start', padding: `${vars.space.xs} ${vars.space.sm}`, borderTop: `1px solid ${vars.color.border}`, verticalAlign: 'middle' });
globalStyle(`${simpleTable} thead th`, { borderTop: 0, color: vars.color.textMuted, fontWeight: vars.fontWeight.semibold });
globalStyle(`${simpleTable} tbody th`, { fontWeight: 'inherit' });
globalStyle(`${simpleTable} td:last-child`, { textAlign: 'end' });
// Narrow screens: each member is a small block (name across, then role, status and the button).
const narrow = 'screen and (max-width: 639.98px)';
globalStyle(`${simpleTable} thead`, { '@media': { [narrow]: { display: 'none' } } });
globalStyle(`${simpleTable} tbody tr`, {
  '@media': { [narrow]: { display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) auto auto', alignItems: 'center', gap: vars.space.xs, padding: `${vars.space.sm} 0`, borderTop: `1px solid ${vars.color.border}` } },
});
globalStyle(`${simpleTable} tbody th, ${simpleTable} tbody td`, { '@media': { [narrow]: { border: 0, padding: 0 } } });
globalStyle(`${simpleTable} tbody th`, { '@media': { [narrow]: { gridColumn: '1 / -1' } } });
/** A form of its own on a page (a new organization): no wider than it reads well. */
export const narrowCard = style({ maxWidth: '40rem' });
