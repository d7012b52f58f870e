import { style } from '@vanilla-extract/css';
import { mediaUp } from '@/views/theme/tokens';
import { vars } from '@/views/theme/vars.css';

// One column below lg (the machine list is a picker there), list and drawing side by side above.
export const layout = style({
  display: 'grid',
  gap: vars.space.lg,
  gridTemplateColumns: 'minmax(0, 1fr)',
  alignItems: 'start',
  '@media': { [mediaUp('lg')]: { gridTemplateColumns: 'minmax(10rem, 14rem) minmax(0, 1fr)' } },
});

export const picker = style({ maxWidth: '24rem', '@media': { [mediaUp('lg')]: { display: 'none' } } });

export const machineList = style({
  display: 'none',
  listStyle: 'none',
  margin: 0,
  padding: 0,
  flexDirection: 'column',
  gap: vars.space.xxs,
  '@media': { [mediaUp('lg')]: { display: 'flex' } },
});

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

export const section = style({ minWidth: 0 });

export const zoomBar = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space.xxs });

export const zoomValue = style({ minWidth: '4.5ch', textAlign: 'center', fontVariantNumeric: 'tabular-nums', color: vars.color.textMuted });

// Shrinks to a small drawing, stops at the column's width and scrolls (pans) beyond it.
export const canvas = style({
  width: 'fit-content',
  maxWidth: '100%',
  maxHeight: '75vh',
  overflow: 'auto',
  overscrollBehavior: 'contain',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  selectors: { '&:focus-visible': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' } },
});

