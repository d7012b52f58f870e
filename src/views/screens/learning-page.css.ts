import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '@/views/theme/vars.css';

export const controls = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.md,
  alignItems: 'flex-end',
  justifyContent: 'space-between',
  marginBottom: vars.space.md,
});

export const sortGroup = style({ display: 'flex', gap: vars.space.xs, alignItems: 'flex-end' });

export const select = style({
  minHeight: '40px',
  padding: `${vars.space.xxs} ${vars.space.sm}`,
  border: `1px solid ${vars.color.borderStrong}`,
  borderRadius: vars.radius.sm,
  background: vars.color.surface,
  color: vars.color.text,
  font: 'inherit',
  selectors: { '&:focus-visible': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '1px' } },
});

export const sortLabel = style({ display: 'block', fontSize: vars.fontSize.sm, fontWeight: vars.fontWeight.semibold, marginBottom: vars.space.xxs });

export const strategy = style({ display: 'grid', gap: '2px', minWidth: '12rem' });
export const strategyLink = style({ fontWeight: vars.fontWeight.semibold, color: vars.color.primary });
export const lastSeen = style({ fontSize: vars.fontSize.xs, color: vars.color.textMuted });

export const progress = style({ display: 'grid', gap: vars.space.xxs, minWidth: '6.5rem' });
export const bar = style({ display: 'block', height: '6px', borderRadius: vars.radius.full, background: vars.color.surfaceMuted, overflow: 'hidden' });
export const barFill = style({ display: 'block', height: '100%', borderRadius: vars.radius.full, background: vars.color.secondary });

const chipBase = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '0.3em',
  padding: `2px ${vars.space.xs}`,
  borderRadius: vars.radius.full,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.semibold,
  whiteSpace: 'nowrap',
});
export const chip = styleVariants({
  YES: [chipBase, { background: vars.color.secondarySoft, color: vars.color.text }],
  PARTIAL: [chipBase, { background: vars.color.primarySoft, color: vars.color.onPrimarySoft }],
  NO: [chipBase, { color: vars.color.textMuted }],
});

export const empty = style({ display: 'grid', gap: vars.space.xs, justifyItems: 'center', textAlign: 'center', padding: `${vars.space.lg} 0` });
export const emptyTitle = style({ margin: 0, fontWeight: vars.fontWeight.semibold, color: vars.color.text });
export const emptyCaption = style({ margin: 0, maxWidth: '34rem', color: vars.color.textMuted });

export const record = style({ marginTop: vars.space.xl });
