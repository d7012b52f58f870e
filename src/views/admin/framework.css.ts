import { globalStyle, style, styleVariants } from '@vanilla-extract/css';
import { mediaUp } from '@/views/theme/tokens';
import { vars } from '@/views/theme/vars.css';

// The framework's tree and the audiences' list: rows of a title, its level and use, and the
// row's actions; nested levels indented under a guide line. On a phone the actions wrap under the title.

export const list = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: vars.space.xxs });
export const panel = style({
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  padding: vars.space.xs,
  '@media': { [mediaUp('md')]: { padding: vars.space.sm } },
});
export const children = style({
  listStyle: 'none',
  margin: `${vars.space.xxs} 0 0 ${vars.space.xs}`,
  padding: `0 0 0 ${vars.space.xs}`,
  borderLeft: `2px solid ${vars.color.border}`,
  display: 'grid',
  gap: vars.space.xxs,
  '@media': { [mediaUp('md')]: { margin: `${vars.space.xxs} 0 0 ${vars.space.lg}`, paddingLeft: vars.space.sm } },
});

export const row = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: `${vars.space.xxs} ${vars.space.sm}`,
  padding: `${vars.space.xxs} ${vars.space.xs}`,
  borderRadius: vars.radius.sm,
  selectors: { '&:hover': { background: vars.color.surfaceMuted } },
});
export const heading = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: `0 ${vars.space.xs}`, flex: '1 1 16rem', minWidth: 0 });
export const disclosure = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  minHeight: '44px',
  padding: `0 ${vars.space.xs}`,
  margin: `0 calc(-1 * ${vars.space.xs})`,
  border: 0,
  borderRadius: vars.radius.sm,
  background: 'transparent',
  color: vars.color.text,
  font: 'inherit',
  fontWeight: vars.fontWeight.semibold,
  textAlign: 'start',
  cursor: 'pointer',
  minWidth: 0,
  selectors: { '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '1px' } },
});
export const leafTitle = style({ fontWeight: vars.fontWeight.medium, padding: `${vars.space.xs} 0`, overflowWrap: 'anywhere', minWidth: 0 });
export const chevron = style({ display: 'inline-block', width: '1rem', flex: 'none', color: vars.color.textMuted, transition: 'transform 120ms ease' });
export const chevronOpen = style({ transform: 'rotate(90deg)' });
export const titleText = style({ overflowWrap: 'anywhere' });

const levelBase = style({
  flex: 'none',
  padding: `0.125rem ${vars.space.xs}`,
  borderRadius: vars.radius.full,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.semibold,
  border: `1px solid ${vars.color.border}`,
});
export const level = styleVariants({
  CATEGORY: [levelBase, { background: vars.color.primarySoft, color: vars.color.onPrimarySoft }],
  STRAND: [levelBase, { background: vars.color.secondarySoft, color: vars.color.text }],
  ELEMENT: [levelBase, { background: vars.color.surfaceMuted, color: vars.color.text }],
  STRATEGY: [levelBase, { background: vars.color.surface, color: vars.color.textMuted }],
});
export const usage = style({ color: vars.color.textMuted, fontSize: vars.fontSize.xs });

export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.xxs, marginLeft: 'auto' });
export const iconButton = style({ minWidth: '44px', paddingLeft: vars.space.xs, paddingRight: vars.space.xs });
globalStyle(`${actions} button`, { minHeight: '36px' });
// A phone keeps a row's actions on one line where it can.
globalStyle(`${actions} button`, { '@media': { 'screen and (max-width: 599.98px)': { paddingLeft: vars.space.xs, paddingRight: vars.space.xs } } });

export const empty = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm, padding: `${vars.space.xs} ${vars.space.xs}` });
export const refusal = style({
  margin: 0,
  padding: vars.space.sm,
  borderRadius: vars.radius.sm,
  border: `1px solid ${vars.color.error}`,
  color: vars.color.error,
  background: vars.color.surfaceMuted,
  fontWeight: vars.fontWeight.semibold,
});
export const dialogForm = style({ display: 'grid', gap: vars.space.xxs });
