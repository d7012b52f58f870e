import { style, styleVariants } from '@vanilla-extract/css';
import { mediaUp } from '@/views/theme/tokens';
import { vars } from '@/views/theme/vars.css';

// /payment and /billing: the offer beside the card form, the plan and card cards, dialogs.

// ── /payment ──
export const paymentCard = style({
  width: '100%',
  maxWidth: '64rem',
  padding: vars.space.md,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.elevation.medium,
  '@media': { [mediaUp('sm')]: { padding: vars.space.xl } },
});

export const pageTitle = style({ fontSize: vars.fontSize.xl, marginBottom: vars.space.lg, '@media': { [mediaUp('sm')]: { fontSize: vars.fontSize.xxl } } });

export const paymentGrid = style({
  display: 'grid',
  gap: vars.space.xl,
  '@media': { [mediaUp('md')]: { gridTemplateColumns: '1fr 1fr', gap: vars.space.xxl } },
});

export const offer = style({
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceMuted,
  '@media': { [mediaUp('sm')]: { padding: vars.space.lg } },
});


export const offerHeading = style({ marginTop: vars.space.xs, fontSize: vars.fontSize.lg });
export const trialNote = style({
  marginTop: vars.space.md,
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.md,
  background: vars.color.primarySoft,
  color: vars.color.onPrimarySoft,
  fontSize: vars.fontSize.sm,
});
export const fine = style({ marginTop: vars.space.lg, color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const payment = style({ minWidth: 0 });
/** The card on file (for a returning subscriber) above the card form. */
export const paymentOptions = style({ display: 'grid', gap: vars.space.xl, alignContent: 'start', minWidth: 0 });
export const sectionHeading = style({ fontSize: vars.fontSize.lg, marginBottom: vars.space.md });

export const cardFields = style({ display: 'grid', gap: vars.space.xxs });
export const fieldRow = style({ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: vars.space.md });
export const fieldsLoading = style({ minHeight: '22rem', color: vars.color.textMuted });
export const testMode = style({
  marginBottom: vars.space.sm,
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderRadius: vars.radius.sm,
  border: `1px dashed ${vars.color.borderStrong}`,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
});

/** Room for a message above the button, kept while empty so the button never jumps. */
export const alertSlot = style({ minHeight: '1.5rem', marginBottom: vars.space.sm });
export const alert = style({
  margin: 0,
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderRadius: vars.radius.sm,
  borderLeft: `4px solid ${vars.color.error}`,
  background: vars.color.surfaceMuted,
  color: vars.color.error,
  fontWeight: vars.fontWeight.semibold,
});
export const statusLine = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.fontSize.sm });
export const secure = style({ marginTop: vars.space.sm, color: vars.color.textMuted, fontSize: vars.fontSize.xs, textAlign: 'center' });

export const signOut = style({ marginTop: vars.space.xl, color: vars.color.textMuted, fontSize: vars.fontSize.sm, textAlign: 'center' });
export const linkButton = style({
  padding: 0,
  border: 0,
  background: 'none',
  color: vars.color.primary,
  font: 'inherit',
  fontWeight: vars.fontWeight.semibold,
  textDecoration: 'underline',
  cursor: 'pointer',
  minHeight: '24px',
});

// ── /billing ──
export const grid = style({
  display: 'grid',
  gap: vars.space.lg,
  alignItems: 'start',
  '@media': { [mediaUp('md')]: { gridTemplateColumns: '3fr 2fr' } },
});

export const wide = style({ '@media': { [mediaUp('md')]: { gridColumn: '1 / -1' } } });

export const planName = style({ fontSize: vars.fontSize.lg, fontWeight: vars.fontWeight.bold });
export const planPrice = style({ marginTop: vars.space.xxs, color: vars.color.textMuted });

const badgeBase = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xxs,
  padding: `2px ${vars.space.xs}`,
  borderRadius: vars.radius.full,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.bold,
  letterSpacing: '0.02em',
});
export const badge = styleVariants({
  ok: [badgeBase, { background: vars.color.secondarySoft, color: vars.color.secondary }],
  trial: [badgeBase, { background: vars.color.primarySoft, color: vars.color.onPrimarySoft }],
  warn: [badgeBase, { background: vars.color.surfaceMuted, color: vars.color.accent, border: `1px solid ${vars.color.accent}` }],
  ended: [badgeBase, { background: vars.color.surfaceMuted, color: vars.color.error, border: `1px solid ${vars.color.error}` }],
});

export const planHeader = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm, alignItems: 'flex-start', justifyContent: 'space-between' });
export const statusText = style({ marginTop: vars.space.md, fontSize: vars.fontSize.md });

export const trialMeter = style({ marginTop: vars.space.md });
export const trialDays = style({ fontWeight: vars.fontWeight.semibold });
export const meterTrack = style({ height: '8px', marginTop: vars.space.xs, borderRadius: vars.radius.full, background: vars.color.surfaceMuted, overflow: 'hidden' });
export const meterFill = style({ height: '100%', borderRadius: vars.radius.full, background: vars.color.primary });

export const facts = style({ display: 'grid', gridTemplateColumns: 'auto 1fr', gap: `${vars.space.xs} ${vars.space.md}`, marginTop: vars.space.md, fontSize: vars.fontSize.sm });
export const factLabel = style({ color: vars.color.textMuted });
export const factValue = style({ margin: 0, fontWeight: vars.fontWeight.medium });

export const cardOnFile = style({ display: 'flex', gap: vars.space.md, alignItems: 'center' });
export const cardIcon = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '3.25rem',
  height: '2.25rem',
  flexShrink: 0,
  borderRadius: vars.radius.sm,
  background: vars.color.primarySoft,
  color: vars.color.onPrimarySoft,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.bold,
  letterSpacing: '0.04em',
});
export const cardLine = style({ fontWeight: vars.fontWeight.semibold });
export const muted = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const amountCell = style({ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' });
export const statusChip = styleVariants({
  SUCCEEDED: [badgeBase, { background: vars.color.secondarySoft, color: vars.color.secondary }],
  DECLINED: [badgeBase, { background: vars.color.surfaceMuted, color: vars.color.error, border: `1px solid ${vars.color.error}` }],
});

export const emptyText = style({ color: vars.color.textMuted, padding: `${vars.space.md} 0` });

// ── dialogs ──
