import { style } from '@vanilla-extract/css';
import { vars } from '@/views/theme/vars.css';

// The parts every react-aria picker shares (the catalogue's filters, the usage page's school
// picker): the toggle button inside a combobox's input, the popover, its list and options. A
// screen composes its own sizes on top: style([picker.option, { … }]).

export const comboToggle = style({
  position: 'absolute',
  insetBlock: '1px',
  right: '1px',
  width: '2.5rem',
  display: 'grid',
  placeItems: 'center',
  border: 0,
  borderRadius: `0 ${vars.radius.sm} ${vars.radius.sm} 0`,
  background: 'transparent',
  color: vars.color.textMuted,
  cursor: 'pointer',
});

// The list scrolls, not the popover around it: a combobox's list is what its input controls, so
// arrow keys reach every option, and axe knows a combobox's popup needs no focus of its own to
// scroll (scrollable-region-focusable).
export const popover = style({
  width: 'var(--trigger-width)',
  display: 'flex',
  flexDirection: 'column',
  background: vars.color.surfaceRaised,
  color: vars.color.text,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  boxShadow: vars.elevation.medium,
});

export const listBox = style({ outline: 'none', padding: vars.space.xxs, overflowY: 'auto', minHeight: 0 });

export const option = style({
  display: 'flex',
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderRadius: vars.radius.sm,
  cursor: 'pointer',
  outline: 'none',
  selectors: {
    '&[data-focused]': { background: vars.color.primarySoft, color: vars.color.onPrimarySoft },
    '&[data-focus-visible]': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '-2px' },
    '&[data-selected]': { fontWeight: vars.fontWeight.semibold },
  },
});
