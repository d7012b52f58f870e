import { style, styleVariants } from '@vanilla-extract/css';
import { mediaUp } from '@/views/theme/tokens';
import { vars } from '@/views/theme/vars.css';

// The roster screen (the district admin's and the admin site's): the upload, the dry run's
// review (counts, seats, lists, tables), the import history and the REST endpoint.

// One column that never grows past its card: a long address in a hint wraps instead.
export const stack = style({ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: vars.space.lg, minWidth: 0 });
export const intro = style({ maxWidth: '70ch', color: vars.color.textMuted, margin: 0 });
export const back = style({ display: 'inline-block', marginBottom: vars.space.sm, color: vars.color.primary });

export const fileDrop = style({
  display: 'grid',
  gap: vars.space.xs,
  padding: vars.space.lg,
  border: `2px dashed ${vars.color.borderStrong}`,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceMuted,
  minWidth: 0,
});
export const label = style({ fontWeight: vars.fontWeight.semibold });
export const hint = style({ margin: 0, fontSize: vars.fontSize.sm, color: vars.color.textMuted });
export const fileInput = style({ maxWidth: '100%', selectors: { '&:focus-visible': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' } } });
export const problem = style({ margin: 0, color: vars.color.error, fontWeight: vars.fontWeight.semibold, overflowWrap: 'anywhere' });
export const problemBox = style({
  display: 'grid',
  gap: vars.space.xs,
  padding: vars.space.md,
  border: `1px solid ${vars.color.error}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
});
export const status = style({ margin: 0, color: vars.color.textMuted });
export const success = style({ margin: 0, fontWeight: vars.fontWeight.semibold, color: vars.color.success });

export const reviewHead = style({ display: 'grid', gap: vars.space.xxs });
export const meta = style({ margin: 0, fontSize: vars.fontSize.sm, color: vars.color.textMuted, overflowWrap: 'anywhere' });

export const counts = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  gap: vars.space.sm,
  margin: 0,
  '@media': { [mediaUp('md')]: { gridTemplateColumns: 'repeat(4, minmax(0, 1fr))' }, [mediaUp('lg')]: { gridTemplateColumns: 'repeat(6, minmax(0, 1fr))' } },
});
export const count = style({
  display: 'flex',
  flexDirection: 'column-reverse',
  gap: vars.space.xxs,
  padding: vars.space.sm,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceMuted,
  minWidth: 0,
});
export const countValue = style({ margin: 0, fontSize: vars.fontSize.xl, fontWeight: vars.fontWeight.bold, lineHeight: vars.lineHeight.tight });
export const countLabel = style({ fontSize: vars.fontSize.sm, color: vars.color.textMuted });
export const countTone = styleVariants({
  neutral: {},
  warning: { boxShadow: `inset 0 0 0 1px ${vars.color.accent}` },
  error: { boxShadow: `inset 0 0 0 1px ${vars.color.error}` },
});

export const seats = style({
  display: 'grid',
  gap: vars.space.xxs,
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.accent}`,
  borderLeftWidth: '6px',
  background: vars.color.surface,
});
export const seatsTitle = style({ margin: 0, fontWeight: vars.fontWeight.semibold });
export const seatsList = style({ margin: 0, paddingLeft: vars.space.lg, fontSize: vars.fontSize.sm });

export const subheading = style({ fontSize: vars.fontSize.md, fontWeight: vars.fontWeight.semibold, margin: 0 });
export const list = style({ margin: 0, paddingLeft: vars.space.lg, display: 'grid', gap: vars.space.xxs, fontSize: vars.fontSize.sm, overflowWrap: 'anywhere' });
export const more = style({ margin: 0, fontSize: vars.fontSize.sm, color: vars.color.textMuted });
export const panel = style({ marginTop: vars.space.md, outline: 'none', minWidth: 0 });
export const before = style({ color: vars.color.textMuted, textDecoration: 'line-through' });
export const change = style({ display: 'grid', gap: '0.125rem', fontSize: vars.fontSize.sm });
export const mono = style({ fontFamily: vars.font.mono, fontSize: vars.fontSize.xs, overflowWrap: 'anywhere' });

export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm, alignItems: 'center' });

const chip = {
  display: 'inline-flex',
  alignItems: 'center',
  padding: `2px ${vars.space.xs}`,
  borderRadius: vars.radius.full,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.semibold,
  whiteSpace: 'nowrap',
} as const;
export const importStatus = styleVariants({
  PENDING: { ...chip, background: vars.color.primarySoft, color: vars.color.onPrimarySoft },
  APPLIED: { ...chip, background: vars.color.secondarySoft, color: vars.color.text },
  SUPERSEDED: { ...chip, background: vars.color.surfaceMuted, color: vars.color.textMuted, border: `1px solid ${vars.color.border}` },
});
export const statusCell = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.xs, alignItems: 'center' });
export const linkButton = style({
  padding: 0,
  border: 0,
  background: 'none',
  color: vars.color.primary,
  font: 'inherit',
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.semibold,
  textDecoration: 'underline',
  cursor: 'pointer',
  minHeight: '24px',
  selectors: { '&[disabled]': { opacity: 0.6, cursor: 'not-allowed' } },
});

export const sourceGrid = style({ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: vars.space.md, overflowWrap: 'anywhere', '@media': { [mediaUp('md')]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' } } });
export const wide = style({ gridColumn: '1 / -1' });
export const checkRow = style({ display: 'flex', gap: vars.space.xs, alignItems: 'flex-start' });
export const checkbox = style({ width: '1.25rem', height: '1.25rem', marginTop: '2px', flex: 'none', accentColor: vars.color.primary });
export const lastRun = style({ display: 'grid', gap: vars.space.xxs, padding: vars.space.sm, borderRadius: vars.radius.md, background: vars.color.surfaceMuted, fontSize: vars.fontSize.sm });
export const formActions = style([actions, { marginTop: vars.space.md }]);
