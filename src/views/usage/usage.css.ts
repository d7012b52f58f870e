import { keyframes, style, styleVariants } from '@vanilla-extract/css';
import { mediaUp } from '@/views/theme/tokens';
import { vars } from '@/views/theme/vars.css';
import * as picker from '@/views/components/picker.css';

// The Educator Usage page: a toolbar (school, period), three figure cards, the heatmap, the
// Active Users table; dialogs for inviting one educator or a whole CSV file.

export const intro = style({ maxWidth: '62ch', color: vars.color.textMuted });

export const toolbar = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.md,
  alignItems: 'flex-end',
  marginTop: vars.space.lg,
});
export const schoolSlot = style({ flex: '1 1 20rem', maxWidth: '30rem', minWidth: 0 });
export const periodSlot = style({ flex: '0 1 auto', minWidth: '13rem', maxWidth: '100%' });
export const dates = style({ display: 'grid', gridTemplateColumns: 'repeat(2, minmax(9.5rem, 1fr))', gap: vars.space.xs, marginTop: vars.space.xs });

export const scopeCaption = style({ flex: '1 1 14rem', color: vars.color.textMuted, fontSize: vars.fontSize.sm, alignSelf: 'center' });

export const titleActions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm });

export const label = style({ fontSize: vars.fontSize.sm, fontWeight: vars.fontWeight.semibold });

// ---- school picker (react-aria ComboBox)
export const comboRow = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.xs, alignItems: 'stretch' });
export const comboField = style({ position: 'relative', flex: '1 1 13rem', minWidth: 0, display: 'flex' });
/** Room for the toggle; doubled to outrank the field frame's `input` rule. */
export const comboInput = style({ selectors: { '&&': { paddingRight: '2.75rem', textOverflow: 'ellipsis' } } });
export const comboToggle = picker.comboToggle;
export const popover = style([picker.popover, { maxHeight: '20rem' }]);
export const listBox = picker.listBox;
export const option = style([picker.option, { justifyContent: 'space-between', gap: vars.space.sm }]);
export const optionAll = style({ borderBottom: `1px solid ${vars.color.border}`, marginBottom: vars.space.xxs });
export const mark = style({ background: 'transparent', color: 'inherit', fontWeight: vars.fontWeight.bold, textDecoration: 'underline' });
export const clearButton = style({ whiteSpace: 'nowrap' });

// ---- figure cards
export const cards = style({
  display: 'grid',
  gap: vars.space.lg,
  marginTop: vars.space.xl,
  '@media': { [mediaUp('md')]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' }, [mediaUp('lg')]: { gridTemplateColumns: '1fr 1.4fr 1.2fr' } },
});
export const reloading = style({ opacity: 0.6, transition: `opacity ${vars.motion.normal}` });

export const figure = style({ fontSize: vars.fontSize.display, fontWeight: vars.fontWeight.bold, lineHeight: vars.lineHeight.tight, letterSpacing: '-0.02em' });
export const figureCaption = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm, marginTop: vars.space.xxs });
export const loginsChart = style({ marginTop: vars.space.md });

export const summary = style({ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: vars.space.md, margin: 0 });
export const summaryItem = style({ display: 'flex', flexDirection: 'column-reverse', gap: vars.space.xxs });
export const summaryValue = style({ margin: 0, fontSize: vars.fontSize.xl, fontWeight: vars.fontWeight.bold });
export const summaryLabel = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });

const shimmer = keyframes({ '0%': { opacity: 0.55 }, '50%': { opacity: 1 }, '100%': { opacity: 0.55 } });
export const skeleton = style({
  display: 'block',
  borderRadius: vars.radius.sm,
  background: vars.color.surfaceMuted,
  animation: `${shimmer} 1.4s ease-in-out infinite`,
  '@media': { '(prefers-reduced-motion: reduce)': { animation: 'none' } },
});
export const skeletonFigure = style([skeleton, { width: '5rem', height: '2.6rem' }]);
export const skeletonValue = style([skeleton, { width: '3rem', height: '1.6rem' }]);

export const section = style({ marginTop: vars.space.xl });
export const sectionHeading = style({ fontSize: vars.fontSize.lg, marginBottom: vars.space.sm });
export const sectionIntro = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm, marginBottom: vars.space.md, maxWidth: '70ch' });

// ---- table cells
const chip = {
  display: 'inline-flex',
  alignItems: 'center',
  padding: `2px ${vars.space.xs}`,
  borderRadius: vars.radius.full,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.semibold,
  whiteSpace: 'nowrap',
} as const;
export const status = styleVariants({
  PENDING: { ...chip, background: vars.color.primarySoft, color: vars.color.onPrimarySoft },
  EXPIRED: { ...chip, background: vars.color.surfaceMuted, color: vars.color.error, border: `1px solid ${vars.color.error}` },
  ACCEPTED: { ...chip, background: vars.color.secondarySoft, color: vars.color.text },
});
// The status, and "Send again" beside it or, in a narrow column, under it: the table fits its card.
export const invitation = style({ display: 'flex', flexWrap: 'wrap', columnGap: vars.space.sm, rowGap: vars.space.xxs, alignItems: 'center' });
/** The tab's table, below the tabs. */
export const membersPanel = style({ marginTop: vars.space.md, outline: 'none' });
export const resend = style({
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
  selectors: { '&[disabled]': { opacity: 0.6, cursor: 'wait' } },
});
export const muted = style({ color: vars.color.textMuted });

// ---- dialogs
export const dialogFields = style({ display: 'grid', gap: vars.space.sm });
export const dialogNote = style({ margin: 0, fontSize: vars.fontSize.sm, color: vars.color.textMuted });
export const fileDrop = style({
  display: 'grid',
  gap: vars.space.xs,
  padding: vars.space.lg,
  border: `2px dashed ${vars.color.borderStrong}`,
  borderRadius: vars.radius.md,
  textAlign: 'center',
  background: vars.color.surfaceMuted,
});
export const problem = style({ color: vars.color.error, fontWeight: vars.fontWeight.semibold, marginTop: vars.space.sm });
export const previewList = style({ margin: `${vars.space.xs} 0 0`, paddingLeft: vars.space.lg, maxHeight: '12rem', overflowY: 'auto', fontSize: vars.fontSize.sm });
export const previewHeading = style({ fontSize: vars.fontSize.md, marginTop: vars.space.md });
export const code = style({ fontFamily: vars.font.mono, fontSize: vars.fontSize.sm, background: vars.color.surfaceMuted, padding: '1px 4px', borderRadius: '4px' });
