import { keyframes, style } from '@vanilla-extract/css';
import { vars } from '@/views/theme/vars.css';

// What both charts share: the row holding the "Show as table" button, the table alternative,
// the empty state and the loading skeleton. Heights here are fixed so that the skeleton, the
// chart and its empty state take the same room in the card (no layout shift when the chunk lands).

export const TOOLBAR_HEIGHT = '44px';

export const root = style({ display: 'grid', width: '100%', minWidth: 0 });

export const toolbar = style({
  display: 'flex',
  alignItems: 'flex-end',
  height: TOOLBAR_HEIGHT,
});

export const toggleIcon = style({
  flexShrink: 0,
  transition: `transform ${vars.motion.fast} ${vars.motion.easing}`,
  selectors: { '[aria-expanded="true"] > &': { transform: 'rotate(180deg)' } },
});

/** The table scrolls inside its own focusable region (long ranges run to hundreds of days). */
export const tableRegion = style({
  marginTop: vars.space.sm,
  maxHeight: '22rem',
  overflow: 'auto',
  overscrollBehavior: 'contain',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  selectors: { '&:focus-visible': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' } },
});

export const table = style({
  width: '100%',
  borderCollapse: 'collapse',
  fontSize: vars.fontSize.sm,
  color: vars.color.text,
  fontVariantNumeric: 'tabular-nums',
});

export const caption = style({
  padding: `${vars.space.xs} ${vars.space.sm}`,
  textAlign: 'start',
  fontWeight: vars.fontWeight.semibold,
  color: vars.color.text,
});

export const columnHeader = style({
  position: 'sticky',
  top: 0,
  padding: `${vars.space.xs} ${vars.space.sm}`,
  textAlign: 'start',
  fontWeight: vars.fontWeight.semibold,
  color: vars.color.textMuted,
  background: vars.color.surfaceMuted,
  borderBottom: `1px solid ${vars.color.border}`,
  whiteSpace: 'nowrap',
});

export const columnHeaderNumber = style([columnHeader, { textAlign: 'end' }]);

export const groupHeader = style({
  padding: `${vars.space.xs} ${vars.space.sm} ${vars.space.xxs}`,
  textAlign: 'start',
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.semibold,
  color: vars.color.textMuted,
  borderBottom: `1px solid ${vars.color.border}`,
});

export const rowHeader = style({
  padding: `${vars.space.xxs} ${vars.space.sm}`,
  textAlign: 'start',
  fontWeight: vars.fontWeight.regular,
  borderBottom: `1px solid ${vars.color.border}`,
});

export const numberCell = style({
  padding: `${vars.space.xxs} ${vars.space.sm}`,
  textAlign: 'end',
  borderBottom: `1px solid ${vars.color.border}`,
});

export const empty = style({
  display: 'grid',
  alignContent: 'center',
  justifyItems: 'center',
  gap: vars.space.xxs,
  padding: vars.space.md,
  textAlign: 'center',
  border: `1px dashed ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceMuted,
});

export const emptyTitle = style({ fontWeight: vars.fontWeight.semibold, color: vars.color.text });
export const emptyCaption = style({ fontSize: vars.fontSize.sm, color: vars.color.textMuted });

const pulse = keyframes({ '50%': { opacity: 0.55 } });

/** A placeholder shape of the skeleton: the same box the real content fills. */
export const placeholder = style({
  borderRadius: vars.radius.sm,
  background: vars.color.surfaceMuted,
  animation: `${pulse} 1.6s ${vars.motion.easing} infinite`,
});
