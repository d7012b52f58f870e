import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '@/views/theme/vars.css';

/** A field's frame: its label above the control (input, select or textarea) at full width. */
export const field = style({});
globalStyle(`${field} label`, { display: 'block', fontWeight: vars.fontWeight.semibold, fontSize: vars.fontSize.sm, marginBottom: vars.space.xxs });
const controls = (suffix = '') => ['input', 'select', 'textarea'].map((tag) => `${field} ${tag}${suffix}`).join(', ');
globalStyle(controls(), {
  width: '100%',
  minHeight: '44px',
  padding: `${vars.space.xs} ${vars.space.sm}`,
  border: `1px solid ${vars.color.borderStrong}`,
  borderRadius: vars.radius.sm,
  font: 'inherit',
  color: 'inherit',
  background: vars.color.surface,
  transition: `border-color ${vars.motion.fast} ${vars.motion.easing}, box-shadow ${vars.motion.fast} ${vars.motion.easing}`,
});
globalStyle(controls(':focus-visible'), {
  outline: 'none',
  borderColor: vars.color.focus,
  boxShadow: `0 0 0 3px ${vars.color.primarySoft}, 0 0 0 1px ${vars.color.focus}`,
});

export const invalid = style({
  selectors: {
    '&&': { borderColor: vars.color.error },
    // Still plainly focused: the ring takes the error colour instead of disappearing under it.
    '&&:focus-visible': { borderColor: vars.color.error, boxShadow: `0 0 0 3px ${vars.color.primarySoft}, 0 0 0 1px ${vars.color.error}` },
  },
});

/**
 * The line under a field is kept even while empty, so a message that appears when the user
 * leaves a field does not push the buttons below away from a pointer that is pressing one.
 */
export const messageSlot = style({
  minHeight: `calc(${vars.fontSize.sm} * 1.45)`,
  marginTop: vars.space.xxs,
});

export const fieldMessage = style({
  margin: 0,
  lineHeight: 1.45,
  color: vars.color.error,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.semibold,
});

export const hint = style({
  margin: 0,
  lineHeight: 1.45,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  // An example address in a hint wraps on a phone rather than running past the field.
  overflowWrap: 'anywhere',
});
