// The design tokens: one typed object per colour scheme over shared scales. vars.css.ts turns
// the shape into a theme contract; themes.css.ts fills it once per scheme.

const palette = {
  light: {
    background: '#f5f7fa',
    surface: '#ffffff',
    surfaceMuted: '#eef2f7',
    surfaceRaised: '#ffffff',
    text: '#172033',
    textMuted: '#4b5568',
    border: '#d9dee7',
    borderStrong: '#6b7487',
    primary: '#2f4fb8',
    primaryHover: '#243f96',
    primarySoft: '#e8edfc',
    onPrimary: '#ffffff',
    onPrimarySoft: '#1e3580',
    secondary: '#0f766e',
    secondarySoft: '#e3f4f1',
    accent: '#b45309',
    error: '#b42318',
    success: '#157f3c',
    focus: '#2f4fb8',
    overlay: 'rgb(15 23 42 / 0.45)',
  },
  dark: {
    background: '#0e131b',
    surface: '#161d28',
    surfaceMuted: '#1d2633',
    surfaceRaised: '#1f2937',
    text: '#e8edf4',
    textMuted: '#aab4c3',
    border: '#2b3545',
    borderStrong: '#8390a3',
    primary: '#93abff',
    primaryHover: '#b4c5ff',
    primarySoft: '#1c2844',
    onPrimary: '#0e131b',
    onPrimarySoft: '#c9d5ff',
    secondary: '#4fd1bf',
    secondarySoft: '#12302d',
    accent: '#f5b454',
    error: '#ff9b91',
    success: '#6fdc95',
    focus: '#93abff',
    overlay: 'rgb(0 0 0 / 0.6)',
  },
} as const;

const shared = {
  font: {
    body: "Inter, ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
    mono: "ui-monospace, SFMono-Regular, Menlo, Consolas, monospace",
  },
  fontSize: {
    xs: '0.8125rem',
    sm: '0.875rem',
    md: '1rem',
    lg: '1.125rem',
    xl: '1.375rem',
    xxl: '1.75rem',
    display: '2.125rem',
  },
  fontWeight: { regular: '400', medium: '500', semibold: '600', bold: '700' },
  lineHeight: { tight: '1.2', snug: '1.35', normal: '1.55' },
  space: {
    none: '0',
    xxs: '0.25rem',
    xs: '0.5rem',
    sm: '0.75rem',
    md: '1rem',
    lg: '1.5rem',
    xl: '2rem',
    xxl: '3rem',
    xxxl: '4rem',
  },
  radius: { sm: '6px', md: '10px', lg: '16px', full: '999px' },
  elevation: {
    none: 'none',
    low: '0 1px 2px rgb(16 24 40 / 0.06), 0 1px 3px rgb(16 24 40 / 0.08)',
    medium: '0 4px 12px rgb(16 24 40 / 0.08), 0 2px 4px rgb(16 24 40 / 0.06)',
    high: '0 18px 40px rgb(16 24 40 / 0.18), 0 6px 12px rgb(16 24 40 / 0.1)',
  },
  motion: {
    fast: '120ms',
    normal: '200ms',
    easing: 'cubic-bezier(0.2, 0, 0, 1)',
  },
  layout: {
    navbarHeight: '64px',
    footerHeight: '56px',
    bannerHeight: '108px',
    bannerHeightSm: '84px',
    contentMaxWidth: '76rem',
    menuMaxHeight: '310px',
  },
} as const;

type Palette = { [K in keyof typeof palette.light]: string };

export type ThemeTokens = {
  color: Palette;
  font: { [K in keyof typeof shared.font]: string };
  fontSize: { [K in keyof typeof shared.fontSize]: string };
  fontWeight: { [K in keyof typeof shared.fontWeight]: string };
  lineHeight: { [K in keyof typeof shared.lineHeight]: string };
  space: { [K in keyof typeof shared.space]: string };
  radius: { [K in keyof typeof shared.radius]: string };
  elevation: { [K in keyof typeof shared.elevation]: string };
  motion: { [K in keyof typeof shared.motion]: string };
  layout: { [K in keyof typeof shared.layout]: string };
};

export const lightTokens: ThemeTokens = { ...shared, color: palette.light };

export const darkTokens: ThemeTokens = {
  ...shared,
  color: palette.dark,
  elevation: {
    none: 'none',
    low: '0 1px 2px rgb(0 0 0 / 0.4)',
    medium: '0 4px 14px rgb(0 0 0 / 0.45)',
    high: '0 18px 44px rgb(0 0 0 / 0.6)',
  },
};

/** Breakpoints of spec §9; the mobile layout is everything below lg. */
export const breakpoints = { sm: 600, md: 960, lg: 1280, xl: 1920, xxl: 2560 } as const;
export type Breakpoint = keyof typeof breakpoints;

export const mediaUp = (bp: Breakpoint) => `screen and (min-width: ${breakpoints[bp]}px)`;
export const mediaDown = (bp: Breakpoint) => `screen and (max-width: ${breakpoints[bp] - 0.02}px)`;
