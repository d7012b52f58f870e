import { style } from '@vanilla-extract/css';
import { vars } from '@/views/theme/vars.css';
import { TOOLBAR_HEIGHT } from '@/views/usage/charts/charts.css';

// A small chart beside a stat card: a 20 px row for the maximum (and the hovered day), the 72 px
// plot, a 20 px row for the first and last dates; the width follows the card.

const LABEL_ROW = '20px';
const PLOT_HEIGHT = '72px';
export const FIGURE_HEIGHT = `calc(${LABEL_ROW} * 2 + ${PLOT_HEIGHT})`;

export const figure = style({
  display: 'grid',
  gridTemplateRows: `${LABEL_ROW} ${PLOT_HEIGHT} ${LABEL_ROW}`,
  height: FIGURE_HEIGHT,
  minWidth: 0,
});

const labelRow = style({
  display: 'flex',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  minWidth: 0,
  fontSize: vars.fontSize.xs,
  lineHeight: LABEL_ROW,
  color: vars.color.textMuted,
  fontVariantNumeric: 'tabular-nums',
  whiteSpace: 'nowrap',
});

export const topRow = labelRow;
export const dateRow = labelRow;

export const readout = style({ color: vars.color.text, fontWeight: vars.fontWeight.semibold, overflow: 'hidden', textOverflow: 'ellipsis' });

export const plot = style({
  position: 'relative',
  // The dashed line is the maximum labelled above it; the solid one is zero.
  borderTop: `1px dashed ${vars.color.border}`,
  borderBottom: `1px solid ${vars.color.borderStrong}`,
  touchAction: 'pan-y',
});

export const svg = style({ display: 'block', width: '100%', height: '100%', overflow: 'visible' });

export const bar = style({ fill: vars.color.primary });
export const barActive = style({ fill: vars.color.accent });

export const indicator = style({
  position: 'absolute',
  top: 0,
  bottom: 0,
  width: '1px',
  marginLeft: '-0.5px',
  background: vars.color.textMuted,
  pointerEvents: 'none',
});

/** The empty state and the skeleton take the chart's whole height, button row included. */
export const fullHeight = style({ height: `calc(${FIGURE_HEIGHT} + ${TOOLBAR_HEIGHT})` });

export const skeletonPlot = style({ height: PLOT_HEIGHT });
export const skeletonLabel = style({ width: '3.5rem', height: '12px', alignSelf: 'center' });
export const skeletonButton = style({ width: '8.5rem', height: '36px' });
