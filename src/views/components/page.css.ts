import { globalStyle, style } from '@vanilla-extract/css';
import { button } from '@/views/layout/button.css';
import { mediaUp } from '@/views/theme/tokens';
import { vars } from '@/views/theme/vars.css';

export const frame = style({
  minHeight: '100vh',
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  padding: `${vars.space.lg} ${vars.space.md}`,
  background: `radial-gradient(60rem 30rem at 50% -10rem, ${vars.color.primarySoft}, transparent 70%), ${vars.color.background}`,
  '@media': { [mediaUp('sm')]: { padding: `${vars.space.xxl} ${vars.space.lg}` } },
});

export const brand = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.xs,
  marginBottom: vars.space.lg,
  fontWeight: vars.fontWeight.bold,
  color: vars.color.text,
});

export const card = style({
  width: '100%',
  maxWidth: '36rem',
  padding: vars.space.lg,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.elevation.medium,
  '@media': { [mediaUp('sm')]: { padding: vars.space.xl } },
});

export const wide = style({ maxWidth: '64rem' });

export const title = style({
  fontSize: vars.fontSize.xxl,
  marginBottom: vars.space.lg,
  overflowWrap: 'anywhere',
});

/** A column whose blocks are spaced evenly (a form's fields, a card's paragraphs). */
export const stack = style({});
globalStyle(`${stack} > * + *`, { marginTop: vars.space.md });

/** A row of buttons and links that wraps on a narrow screen. */
export const actions = style({ display: 'flex', gap: vars.space.sm, flexWrap: 'wrap', alignItems: 'center' });

/**
 * A link drawn as the default button, its classes worked out at build time: the route error's
 * "Go Home" is on the app's first page, which would otherwise carry the button recipe's runtime.
 */
export const buttonLink = button();
