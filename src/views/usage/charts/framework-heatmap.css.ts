import { style } from '@vanilla-extract/css';
import { vars } from '@/views/theme/vars.css';
import { HEAT_LEVELS } from '@/views/usage/charts/heat-ramp';

// Rows of fixed height (labels clamp to two lines, the full title on hover and in the table), so
// the skeleton drawn from the same rows takes exactly the chart's room.

// Number columns of a fixed width, narrower in a narrow card (where the headers shorten too);
// the labels take the rest. (With growable number columns, grid sizing would grow them to
// their maximum before the label column got anything.)
const GRID = 'minmax(0, 1fr) repeat(4, 5rem)';
const GRID_NARROW = 'minmax(0, 1fr) repeat(4, 2.875rem)';
// Below this width the full column names ("Reflections") no longer fit their cells.
const NARROW = '(max-width: 32rem)';
const GAP = '2px';

// Wider than this, labels would sit too far from their numbers to be read across.
export const root = style({ containerType: 'inline-size', maxWidth: '46rem' });

export const figure = style({ display: 'grid', gap: GAP, minWidth: 0 });

const gridRow = style({
  display: 'grid',
  gridTemplateColumns: GRID,
  gap: GAP,
  minWidth: 0,
  '@container': { [NARROW]: { gridTemplateColumns: GRID_NARROW } },
});

export const headerRow = style([
  gridRow,
  {
    height: '2rem',
    alignItems: 'end',
    fontSize: vars.fontSize.xs,
    fontWeight: vars.fontWeight.medium,
    color: vars.color.textMuted,
  },
]);

export const columnLabel = style({ textAlign: 'center', whiteSpace: 'nowrap', lineHeight: vars.lineHeight.tight, paddingBottom: '2px' });
export const columnLabelFull = style({ '@container': { [NARROW]: { display: 'none' } } });
export const columnLabelShort = style({ display: 'none', '@container': { [NARROW]: { display: 'inline' } } });

export const groupLabel = style({
  height: '1.75rem',
  marginTop: vars.space.xxs,
  paddingTop: vars.space.xs,
  fontSize: vars.fontSize.xs,
  lineHeight: '1.25rem',
  fontWeight: vars.fontWeight.semibold,
  color: vars.color.textMuted,
  whiteSpace: 'nowrap',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
});

export const row = style([gridRow, { height: '2.5rem' }]);

export const rowLabel = style({
  alignSelf: 'center',
  paddingRight: vars.space.xs,
  fontSize: vars.fontSize.sm,
  lineHeight: 1.25,
  color: vars.color.text,
  overflowWrap: 'break-word',
  hyphens: 'auto',
  display: '-webkit-box',
  WebkitBoxOrient: 'vertical',
  WebkitLineClamp: 2,
  overflow: 'hidden',
});

const cellBase = style({
  display: 'grid',
  placeItems: 'center',
  borderRadius: '4px',
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.semibold,
  fontVariantNumeric: 'tabular-nums',
  lineHeight: 1,
});

function fillValue({ base, tint, share }: (typeof HEAT_LEVELS)[number]['fill']): string {
  if (share === 0) return vars.color[base];
  if (share === 1) return vars.color[tint];
  return `color-mix(in srgb, ${vars.color[tint]} ${share * 100}%, ${vars.color[base]})`;
}

/** One class per level of heat-ramp.ts: its fill and the text colour chosen for it. */
export const levelFill = HEAT_LEVELS.map((level) => style({ background: fillValue(level.fill) }));
export const cell = HEAT_LEVELS.map((level, index) => style([cellBase, levelFill[index]!, { color: vars.color[level.ink] }]));

export const legend = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  columnGap: vars.space.sm,
  rowGap: vars.space.xxs,
  marginTop: vars.space.sm,
  minHeight: '1.5rem',
  fontSize: vars.fontSize.xs,
  color: vars.color.textMuted,
});

export const legendScale = style({ display: 'inline-flex', alignItems: 'center', gap: vars.space.xxs });
export const swatches = style({ display: 'inline-flex', gap: '2px' });
export const swatch = style({
  width: '1rem',
  height: '0.75rem',
  borderRadius: '3px',
  // Keeps the palest steps visible against the card.
  boxShadow: `inset 0 0 0 1px ${vars.color.border}`,
});

export const skeletonLabel = style({ alignSelf: 'center', width: '70%', height: '0.875rem' });
export const skeletonGroup = style({ width: '40%', height: '0.75rem', marginTop: '0.375rem' });
export const skeletonCell = style({ borderRadius: '4px' });
