import { globalStyle, keyframes } from '@vanilla-extract/css';
import { vars } from '@/views/theme/vars.css';

// The start screen is also static markup in index.html, on screen before any script has run and
// so before the build's class names could be written into it: it keeps plain class names, the one
// markup of the app's own that does (tests/unit/start-screen.test.tsx keeps the two copies equal).

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
/** The words "Loading…", for screen readers only. */
globalStyle('.loading-screen p', {
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
});
