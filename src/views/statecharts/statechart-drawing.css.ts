import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '@/views/theme/vars.css';

// Colours of the statechart drawing inside the app, by the `sc-` classes of its element tree
// (src/lib/statecharts/svg.ts; an exported file embeds its own light copy of these rules). A
// stylesheet rather than inline styles, because the app's Content-Security-Policy refuses those,
// and theme variables, so the drawing follows the light and dark schemes like the rest.

/** Put on the element holding the drawing; the rules below apply to the SVG inside it. */
export const drawing = style({ background: vars.color.surface });

const within = (selector: string) => `${drawing} ${selector}`;

// The zoom sets the SVG's width and height; the document's `svg { max-width: 100% }` would
// squeeze a zoomed drawing back into its frame instead of letting the frame scroll.
globalStyle(within('svg.sc-diagram'), { display: 'block', maxWidth: 'none', fontFamily: vars.font.mono, fontSize: '12px' });

// Outlines and edges keep their width at any zoom, so a drawing fitted to a phone stays drawn.
globalStyle(within('.sc-state > rect'), {
  fill: vars.color.surface,
  stroke: vars.color.borderStrong,
  strokeWidth: 1.5,
  vectorEffect: 'non-scaling-stroke',
});
globalStyle(within('.sc-compound > rect'), { fill: vars.color.surfaceMuted });
globalStyle(within('.sc-region > rect'), { strokeDasharray: '6 4' });
globalStyle(within('.sc-final > rect.sc-inner'), { fill: 'none' });
// The live state: every active state outlined in green, the innermost ones (the current
// states proper) also filled, so the enclosing boxes do not wash the drawing green.
globalStyle(within('.sc-active > rect'), { stroke: vars.color.success, strokeWidth: 3 });
globalStyle(within('.sc-active:not(.sc-compound) > rect:first-of-type'), {
  fill: `color-mix(in srgb, ${vars.color.success} 18%, ${vars.color.surface})`,
});
globalStyle(within('.sc-title'), { fill: vars.color.text, fontWeight: vars.fontWeight.bold });
globalStyle(within('.sc-line'), { fill: vars.color.textMuted });
globalStyle(within('.sc-edge path'), { fill: 'none', stroke: vars.color.borderStrong, strokeWidth: 1.3, vectorEffect: 'non-scaling-stroke' });
globalStyle(within('.sc-arrow'), { fill: vars.color.borderStrong });
globalStyle(within('.sc-initial'), { fill: vars.color.text });
globalStyle(within('.sc-label rect'), { fill: vars.color.surface, fillOpacity: 0.92, stroke: 'none' });
globalStyle(within('.sc-label text'), { fill: vars.color.primary });
