import { style } from '@vanilla-extract/css';
import { mediaUp } from '@/views/theme/tokens';
import { vars } from '@/views/theme/vars.css';

// The preferences questions as chips and option cards (a native checkbox or radio stretched over
// each, invisible, so the whole chip is the control), the wizard's progress and its bottom bar.

export const group = style({ display: 'grid', gap: vars.space.sm, margin: 0, padding: 0, border: 0, minWidth: 0 });
export const legend = style({ padding: 0, marginBottom: vars.space.xs, fontWeight: vars.fontWeight.semibold });
export const categoryTitle = style({
  padding: 0,
  marginBottom: vars.space.xs,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.bold,
  letterSpacing: '0.06em',
  textTransform: 'uppercase',
});
export const hint = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });

/** The interests question: categories of strands, then the chosen strands' elements. */
export const interests = style({ display: 'grid', gap: vars.space.lg });

export const chips = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.xs });

const control = style({
  position: 'absolute',
  inset: 0,
  width: '100%',
  height: '100%',
  margin: 0,
  opacity: 0,
  cursor: 'pointer',
});
export const input = control;

export const chip = style({
  position: 'relative',
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xxs,
  minHeight: '40px',
  padding: `${vars.space.xxs} ${vars.space.md}`,
  border: `1px solid ${vars.color.borderStrong}`,
  borderRadius: vars.radius.full,
  background: vars.color.surface,
  color: vars.color.text,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  lineHeight: vars.lineHeight.tight,
  transition: `background-color ${vars.motion.fast} ${vars.motion.easing}, border-color ${vars.motion.fast} ${vars.motion.easing}`,
  selectors: {
    '&:hover': { background: vars.color.surfaceMuted },
    '&:has(input:checked)': { background: vars.color.primary, borderColor: vars.color.primary, color: vars.color.onPrimary },
    '&:has(input:focus-visible)': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' },
  },
});

/** The tick a chosen chip shows before its label. */
export const tick = style({
  display: 'none',
  flexShrink: 0,
  selectors: { [`${chip}:has(input:checked) &`]: { display: 'block' } },
});

/** A chosen strand's elements, disclosed under the strands. */
export const narrow = style({
  display: 'grid',
  gap: vars.space.xs,
  margin: 0,
  padding: vars.space.md,
  border: 0,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceMuted,
  minWidth: 0,
});

// A legend in a padded fieldset sits on its border: float it into the content instead.
export const narrowTitle = style({ float: 'left', width: '100%', padding: 0, fontWeight: vars.fontWeight.semibold });

export const options = style({
  display: 'grid',
  gap: vars.space.xs,
  gridTemplateColumns: '1fr',
  '@media': { [mediaUp('sm')]: { gridTemplateColumns: '1fr 1fr' } },
});

export const option = style({
  position: 'relative',
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  minHeight: '48px',
  padding: `${vars.space.xs} ${vars.space.md}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  color: vars.color.text,
  fontWeight: vars.fontWeight.medium,
  selectors: {
    '&:hover': { borderColor: vars.color.borderStrong },
    '&:has(input:checked)': { borderColor: vars.color.primary, background: vars.color.primarySoft, color: vars.color.onPrimarySoft, boxShadow: `inset 0 0 0 1px ${vars.color.primary}` },
    '&:has(input:focus-visible)': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' },
  },
});

/** The radio dot of an option card. */
export const dot = style({
  flexShrink: 0,
  width: '18px',
  height: '18px',
  borderRadius: vars.radius.full,
  border: `2px solid ${vars.color.borderStrong}`,
  selectors: {
    [`${option}:has(input:checked) &`]: { borderColor: vars.color.primary, boxShadow: `inset 0 0 0 3px ${vars.color.surface}`, background: vars.color.primary },
  },
});

// The wizard.

export const progress = style({ display: 'grid', gap: vars.space.xs });
export const progressText = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm, fontWeight: vars.fontWeight.semibold });
export const track = style({ display: 'flex', gap: vars.space.xxs });
export const segment = style({ flex: 1, height: '6px', borderRadius: vars.radius.full, background: vars.color.border });
export const segmentDone = style({ background: vars.color.primary });

export const question = style({ fontSize: vars.fontSize.xl });

/** Next and Back stay at the bottom of the viewport while the question scrolls. */
export const bar = style({
  position: 'sticky',
  bottom: 0,
  zIndex: 5,
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'flex-end',
  gap: vars.space.sm,
  margin: `0 calc(-1 * ${vars.space.lg}) calc(-1 * ${vars.space.lg})`,
  padding: `${vars.space.sm} ${vars.space.lg}`,
  background: vars.color.surface,
  borderTop: `1px solid ${vars.color.border}`,
  borderRadius: `0 0 ${vars.radius.lg} ${vars.radius.lg}`,
  '@media': {
    [mediaUp('sm')]: {
      margin: `0 calc(-1 * ${vars.space.xl}) calc(-1 * ${vars.space.xl})`,
      padding: `${vars.space.md} ${vars.space.xl}`,
    },
  },
});

export const status = style({ flex: '1 1 9rem', margin: 0, color: vars.color.textMuted, fontSize: vars.fontSize.sm });
export const buttons = style({ display: 'flex', gap: vars.space.sm, marginLeft: 'auto' });
