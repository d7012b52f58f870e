import { style } from '@vanilla-extract/css';
import { vars } from '@/views/theme/vars.css';

export const text = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.fontSize.sm });
export const row = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm, alignItems: 'center' });
export const meter = style({ display: 'grid', gap: vars.space.xxs });
export const bar = style({ width: '100%', height: '8px', accentColor: vars.color.secondary });
export const list = style({ listStyle: 'none', padding: 0, margin: 0, display: 'grid', gap: vars.space.xs });
export const item = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
  alignItems: 'center',
  justifyContent: 'space-between',
  padding: vars.space.sm,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
});
export const itemText = style({ display: 'grid', gap: '2px', minWidth: 0, flex: '1 1 14rem', overflowWrap: 'anywhere' });
export const itemTitle = style({ fontWeight: vars.fontWeight.semibold, color: vars.color.primary });
export const summary = style({ margin: 0, fontWeight: vars.fontWeight.semibold });
