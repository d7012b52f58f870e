import { style } from '@vanilla-extract/css';
import { mediaUp } from '@/views/theme/tokens';
import { vars } from '@/views/theme/vars.css';

export const layout = style({
  display: 'grid',
  gap: vars.space.lg,
  gridTemplateColumns: '1fr',
  '@media': { [mediaUp('lg')]: { gridTemplateColumns: 'minmax(0, 2fr) minmax(0, 1fr)' } },
});

// The player keeps its 16:9 box from the first paint (loading, poster, playing): no layout shift.
const videoBox = style({ width: '100%', aspectRatio: '16 / 9', maxHeight: '70vh' });
export const video = style([videoBox, { background: '#000', borderRadius: vars.radius.md }]);
export const videoFrame = style([videoBox, { display: 'grid', placeItems: 'center' }]);
export const path = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.xs, listStyle: 'none', padding: 0, margin: 0, fontSize: vars.fontSize.sm });
export const section = style({ display: 'grid', gap: vars.space.sm, marginBottom: vars.space.lg });
export const h2 = style({ fontSize: vars.fontSize.xl, margin: 0 });
export const row = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm, alignItems: 'center' });
export const fieldset = style({ border: 0, padding: 0, margin: 0, display: 'grid', gap: vars.space.xs, minWidth: 0 });
export const legend = style({ fontWeight: vars.fontWeight.semibold, marginBottom: vars.space.xs });
export const option = style({ display: 'flex', gap: vars.space.xs, alignItems: 'flex-start', minHeight: '24px' });

export const tablist = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.xs, borderBottom: `1px solid ${vars.color.border}` });
export const tab = style({
  minHeight: '44px',
  padding: `0 ${vars.space.md}`,
  border: 0,
  borderBottom: '3px solid transparent',
  background: 'transparent',
  color: vars.color.text,
  font: 'inherit',
  cursor: 'pointer',
  selectors: {
    '&[aria-selected="true"]': { borderBottomColor: vars.color.primary, color: vars.color.primary, fontWeight: vars.fontWeight.semibold },
    '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '2px' },
  },
});
export const panel = style({ paddingTop: vars.space.md, display: 'grid', gap: vars.space.sm });
export const link = style({ color: vars.color.primary });
