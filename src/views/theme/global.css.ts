import { globalStyle } from '@vanilla-extract/css';
import { vars } from '@/views/theme/vars.css';
import '@/views/theme/themes.css';

// Document-wide styles only: the elements' defaults, focus and motion, in theme variables so both
// colour schemes follow. Everything else is a class of the component it styles (*.css.ts beside it).

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

// react-aria's pressable elements: what its usePress would inject as an inline <style>, which the
// Content-Security-Policy refuses (index.html marks it as present). Avoids the double-tap-to-zoom
// delay on touch screens while keeping panning and pinch-zoom.
globalStyle('[data-react-aria-pressable]', { touchAction: 'pan-x pan-y pinch-zoom' });
