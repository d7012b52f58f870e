import { style } from '@vanilla-extract/css';
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
