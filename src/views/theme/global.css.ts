import { globalStyle, keyframes } from '@vanilla-extract/css';
import { vars } from '@/views/theme/vars.css';
import '@/views/theme/themes.css';

// Document-wide styles, plus the small utility classes the form screens share (stack, field,
// actions, choices…), expressed in theme variables so both colour schemes follow.

globalStyle('*, *::before, *::after', { boxSizing: 'border-box' });

globalStyle('html', {
  fontFamily: vars.font.body,
  fontSize: '100%',
  lineHeight: vars.lineHeight.normal,
  color: vars.color.text,
  background: vars.color.background,
  WebkitFontSmoothing: 'antialiased',
  MozOsxFontSmoothing: 'grayscale',
  textSizeAdjust: '100%',
});

globalStyle('body', { margin: 0, minHeight: '100vh', overflowX: 'hidden' });

globalStyle('h1, h2, h3, h4', { lineHeight: vars.lineHeight.tight, margin: 0, fontWeight: vars.fontWeight.bold, letterSpacing: '-0.01em' });
globalStyle('p', { margin: 0 });

globalStyle('a', {
  color: vars.color.primary,
  textUnderlineOffset: '0.18em',
  textDecorationThickness: '1px',
});
globalStyle('a:hover', { textDecorationThickness: '2px' });

globalStyle(':focus-visible', {
  outline: `3px solid ${vars.color.focus}`,
  outlineOffset: '2px',
  borderRadius: '4px',
});

globalStyle('*', {
  '@media': {
    '(prefers-reduced-motion: reduce)': {
      animationDuration: '0.01ms !important',
      animationIterationCount: '1 !important',
      transitionDuration: '0.01ms !important',
    },
  },
});

globalStyle('img, svg, video', { maxWidth: '100%' });

// Shared utility classes.
globalStyle('.stack > * + *', { marginTop: vars.space.md });

globalStyle('.field label', { display: 'block', fontWeight: vars.fontWeight.semibold, fontSize: vars.fontSize.sm, marginBottom: vars.space.xxs });
globalStyle('.field input, .field select, .field textarea', {
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
globalStyle('.field input:focus-visible, .field select:focus-visible, .field textarea:focus-visible', {
  outline: 'none',
  borderColor: vars.color.focus,
  boxShadow: `0 0 0 3px ${vars.color.primarySoft}, 0 0 0 1px ${vars.color.focus}`,
});

globalStyle('.actions', { display: 'flex', gap: vars.space.sm, flexWrap: 'wrap', alignItems: 'center' });
globalStyle('.error', { color: vars.color.error, fontWeight: vars.fontWeight.semibold });
globalStyle('.muted', { color: vars.color.textMuted });

globalStyle('.choices', {
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(14rem, 100%), 1fr))',
  gap: vars.space.xs,
  padding: 0,
  margin: 0,
  border: 0,
  minWidth: 0,
});
globalStyle('.choices legend', { fontWeight: vars.fontWeight.semibold, marginBottom: vars.space.xs, padding: 0 });
globalStyle('.choice', {
  display: 'flex',
  gap: vars.space.xs,
  alignItems: 'flex-start',
  padding: vars.space.sm,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  background: vars.color.surface,
  cursor: 'pointer',
});
globalStyle('.choice:has(input:checked)', { borderColor: vars.color.primary, background: vars.color.primarySoft });
globalStyle('.choice input', { accentColor: vars.color.primary, marginTop: '0.3em' });

globalStyle('.loading-screen', { minHeight: '100vh', display: 'grid', placeItems: 'center' });
globalStyle('.loading-screen > div', { display: 'grid', justifyItems: 'center', gap: '1.5rem' });
globalStyle('.loading-mark', { display: 'block', width: '3rem', height: '3rem' });
const spin = keyframes({ to: { transform: 'rotate(360deg)' } });
globalStyle('.spinner', {
  width: '2.5rem',
  height: '2.5rem',
  borderRadius: '50%',
  border: `4px solid ${vars.color.border}`,
  borderTopColor: vars.color.primary,
  animation: `${spin} 0.9s linear infinite`,
});

globalStyle('.visually-hidden', {
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
});

// The route error view (outside the shell) still uses a plain `.button` link.
globalStyle('a.button', {
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: '44px',
  padding: `0 ${vars.space.lg}`,
  borderRadius: vars.radius.sm,
  background: vars.color.primary,
  color: vars.color.onPrimary,
  fontWeight: vars.fontWeight.semibold,
  textDecoration: 'none',
});

// react-aria's pressable elements: what its usePress would inject as an inline <style>, which the
// Content-Security-Policy refuses (index.html marks it as present). Avoids the double-tap-to-zoom
// delay on touch screens while keeping panning and pinch-zoom.
globalStyle('[data-react-aria-pressable]', { touchAction: 'pan-x pan-y pinch-zoom' });
