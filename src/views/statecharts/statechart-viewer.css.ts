import { style } from '@vanilla-extract/css';
import { vars } from '@/views/theme/vars.css';

export const layout = style({ display: 'grid', gap: vars.space.lg, gridTemplateColumns: 'minmax(10rem, 14rem) minmax(0, 1fr)', alignItems: 'start' });

export const machineList = style({ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: vars.space.xxs });

export const machineLink = style({
  display: 'block',
  padding: `${vars.space.xxs} ${vars.space.sm}`,
  borderRadius: vars.radius.sm,
  color: vars.color.text,
  textDecoration: 'none',
  fontFamily: vars.font.mono,
  selectors: {
    '&[aria-current="page"]': { background: vars.color.primarySoft, color: vars.color.onPrimarySoft, fontWeight: vars.fontWeight.bold },
    '&:hover': { textDecoration: 'underline' },
  },
});

export const canvas = style({
  overflow: 'auto',
  maxHeight: '75vh',
  background: '#ffffff',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  padding: vars.space.xs,
  selectors: { '&:focus-visible': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' } },
});

export const table = style({ borderCollapse: 'collapse', width: '100%', fontSize: vars.fontSize.sm, fontFamily: vars.font.mono });
export const cell = style({ border: `1px solid ${vars.color.border}`, padding: `${vars.space.xxs} ${vars.space.xs}`, textAlign: 'left', verticalAlign: 'top' });
