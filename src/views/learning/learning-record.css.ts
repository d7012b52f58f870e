import { style } from '@vanilla-extract/css';
import { vars } from '@/views/theme/vars.css';

export const intro = style({ marginTop: 0, color: vars.color.textMuted });
export const range = style({
  display: 'grid',
  gap: `0 ${vars.space.md}`,
  alignItems: 'start',
  gridTemplateColumns: 'minmax(0, 1fr)',
  '@media': { 'screen and (min-width: 600px)': { gridTemplateColumns: 'repeat(2, minmax(0, 12rem)) auto' } },
});
/** Level with the inputs beside it, under their labels. */
export const rangeButton = style({ justifySelf: 'start', '@media': { 'screen and (min-width: 600px)': { marginTop: '1.55rem' } } });
export const list = style({ listStyle: 'none', padding: 0, margin: `${vars.space.md} 0 0`, display: 'grid', gap: vars.space.xs });
export const item = style({
  display: 'flex',
  gap: vars.space.md,
  alignItems: 'center',
  justifyContent: 'space-between',
  padding: vars.space.sm,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
});
export const itemText = style({ display: 'grid', gap: '2px', minWidth: 0, overflowWrap: 'anywhere' });
export const itemTitle = style({ fontWeight: vars.fontWeight.semibold });
