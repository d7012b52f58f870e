import { darkTokens, lightTokens, type ThemeTokens } from '@/views/theme/tokens';

// The heatmap's colour ramp, in theme colour names so both schemes follow it: a cell's fill is
// `tint` mixed into `base` (CSS color-mix in sRGB). Level 0 is a value of zero; levels 1–5 run
// from the surface towards the primary colour, and the top level goes past it to the deep (light
// scheme) or pale (dark scheme) `onPrimarySoft`. The shares skip the middle of the ramp, where
// neither the body text colour nor `onPrimary` reaches 4.5:1 against the fill in one of the schemes.

type ColorName = keyof ThemeTokens['color'];
type Rgb = readonly [number, number, number];

export type HeatFill = { base: ColorName; tint: ColorName; share: number };
export type HeatLevel = { fill: HeatFill; ink: ColorName };

const STEPS: { fill: HeatFill; inks: ColorName[] }[] = [
  { fill: { base: 'surfaceMuted', tint: 'surfaceMuted', share: 0 }, inks: ['textMuted'] },
  { fill: { base: 'surface', tint: 'primary', share: 0.16 }, inks: ['text', 'onPrimary'] },
  { fill: { base: 'surface', tint: 'primary', share: 0.32 }, inks: ['text', 'onPrimary'] },
  { fill: { base: 'surface', tint: 'primary', share: 0.5 }, inks: ['text', 'onPrimary'] },
  { fill: { base: 'surface', tint: 'primary', share: 0.85 }, inks: ['text', 'onPrimary'] },
  { fill: { base: 'primary', tint: 'onPrimarySoft', share: 1 }, inks: ['text', 'onPrimary'] },
];

export const SCHEMES = { light: lightTokens.color, dark: darkTokens.color } as const;

function hexToRgb(hex: string): Rgb {
  const value = Number.parseInt(hex.replace('#', ''), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

/** The fill a level resolves to in one scheme, as color-mix(in srgb, …) computes it. */
export function resolveFill({ base, tint, share }: HeatFill, colors: ThemeTokens['color']): Rgb {
  const from = hexToRgb(colors[base]);
  const to = hexToRgb(colors[tint]);
  return [0, 1, 2].map((i) => to[i]! * share + from[i]! * (1 - share)) as unknown as Rgb;
}

export const resolveInk = (ink: ColorName, colors: ThemeTokens['color']) => hexToRgb(colors[ink]);

/** WCAG 2 relative luminance of an sRGB colour (0–255 channels). */
export function luminance([r, g, b]: Rgb): number {
  const linear = (channel: number) => {
    const c = channel / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

export function contrastRatio(a: Rgb, b: Rgb): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** The text colour that reads best on this fill in its worse scheme: chosen by luminance, not by hand. */
function bestInk(fill: HeatFill, inks: ColorName[]): ColorName {
  const worst = (ink: ColorName) =>
    Math.min(...Object.values(SCHEMES).map((colors) => contrastRatio(resolveInk(ink, colors), resolveFill(fill, colors))));
  return inks.reduce((best, ink) => (worst(ink) > worst(best) ? ink : best));
}

export const HEAT_LEVELS: readonly HeatLevel[] = STEPS.map(({ fill, inks }) => ({ fill, ink: bestInk(fill, inks) }));

/** The highest level: values are bucketed into levels 1…TOP_LEVEL, zero is level 0. */
export const TOP_LEVEL = HEAT_LEVELS.length - 1;
