import { style } from '@vanilla-extract/css';
import { vars } from '@/views/theme/vars.css';

export const grid = style({
  display: 'grid',
  gap: vars.space.lg,
  gridTemplateColumns: 'minmax(0, 1fr)',
  '@media': { 'screen and (min-width: 960px)': { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' } },
});

export const wide = style({ '@media': { 'screen and (min-width: 960px)': { gridColumn: '1 / -1' } } });

export const identity = style({ display: 'flex', gap: vars.space.md, alignItems: 'center', marginBottom: vars.space.md });
export const avatar = style({
  display: 'grid',
  placeItems: 'center',
  width: '56px',
  height: '56px',
  flex: '0 0 auto',
  borderRadius: vars.radius.full,
  background: vars.color.primarySoft,
  color: vars.color.onPrimarySoft,
  fontWeight: vars.fontWeight.bold,
  fontSize: vars.fontSize.lg,
});
export const who = style({ display: 'grid', gap: '2px', minWidth: 0 });
export const name = style({ margin: 0, fontSize: vars.fontSize.lg, fontWeight: vars.fontWeight.semibold });
export const detail = style({ margin: 0, color: vars.color.textMuted, overflowWrap: 'anywhere' });

export const facts = style({ display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: `${vars.space.xs} ${vars.space.md}`, margin: `0 0 ${vars.space.md}` });
export const factTerm = style({ color: vars.color.textMuted });
export const factValue = style({ margin: 0, display: 'flex', gap: vars.space.xs, alignItems: 'center', flexWrap: 'wrap', overflowWrap: 'anywhere' });

export const badge = style({
  display: 'inline-flex',
  padding: `1px ${vars.space.xs}`,
  borderRadius: vars.radius.full,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.semibold,
  background: vars.color.secondarySoft,
  color: vars.color.text,
});
export const badgeMuted = style([badge, { background: vars.color.surfaceMuted, color: vars.color.textMuted }]);

export const nameFields = style({
  display: 'grid',
  gap: `0 ${vars.space.md}`,
  gridTemplateColumns: 'minmax(0, 1fr)',
  '@media': { 'screen and (min-width: 600px)': { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' } },
});

export const tiles = style({
  display: 'grid',
  gap: vars.space.sm,
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(7.5rem, 100%), 1fr))',
  listStyle: 'none',
  padding: 0,
  margin: 0,
});
export const tile = style({
  display: 'grid',
  gap: vars.space.xxs,
  alignContent: 'start',
  padding: vars.space.md,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
});
export const tileIcon = style({ color: vars.color.primary });
export const tileValue = style({ fontSize: vars.fontSize.xxl, fontWeight: vars.fontWeight.bold, lineHeight: 1.1 });
export const tileLabel = style({ fontWeight: vars.fontWeight.semibold });
export const tileHint = style({ fontSize: vars.fontSize.xs, color: vars.color.textMuted });
export const meter = style({ display: 'block', height: '6px', borderRadius: vars.radius.full, background: vars.color.surfaceMuted, overflow: 'hidden' });
export const meterFill = style({ display: 'block', height: '100%', background: vars.color.secondary, borderRadius: vars.radius.full });

export const streak = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.lg, alignItems: 'center', marginTop: vars.space.lg });
export const streakFigure = style({ display: 'grid' });
export const streakValue = style({ fontSize: vars.fontSize.xl, fontWeight: vars.fontWeight.bold });
export const days = style({ display: 'flex', gap: vars.space.xs, listStyle: 'none', padding: 0, margin: 0 });
export const day = style({ display: 'grid', justifyItems: 'center', gap: '2px', fontSize: vars.fontSize.xs, color: vars.color.textMuted });
export const dot = style({ width: '14px', height: '14px', borderRadius: vars.radius.full, border: `2px solid ${vars.color.borderStrong}` });
export const dotActive = style([dot, { background: vars.color.secondary, borderColor: vars.color.secondary }]);

export const disclosure = style({ border: `1px solid ${vars.color.border}`, borderRadius: vars.radius.md, padding: `${vars.space.sm} ${vars.space.md}` });
export const summary = style({
  cursor: 'pointer',
  fontWeight: vars.fontWeight.semibold,
  minHeight: '24px',
  selectors: { '&:focus-visible': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' } },
});
