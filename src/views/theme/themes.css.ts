import { assignVars, globalStyle } from '@vanilla-extract/css';
import { darkTokens, lightTokens } from '@/views/theme/tokens';
import { vars } from '@/views/theme/vars.css';

// By default the document follows the operating system's colour scheme and motion setting.
globalStyle(':root', {
  vars: assignVars(vars, lightTokens),
  colorScheme: 'light',
  '@media': {
    '(prefers-color-scheme: dark)': { vars: assignVars(vars, darkTokens), colorScheme: 'dark' },
    '(prefers-reduced-motion: reduce)': {
      vars: assignVars(vars.motion, { fast: '0ms', normal: '0ms', easing: 'linear' }),
    },
  },
});

// A scheme the user chose in the account menu (theme-choice.ts) overrides the system's: the
// attribute selector outranks `:root` and its media query (reduced motion still applies).
const reducedMotion = {
  '(prefers-reduced-motion: reduce)': { vars: assignVars(vars.motion, { fast: '0ms', normal: '0ms', easing: 'linear' }) },
};
globalStyle(':root[data-theme="light"]', { vars: assignVars(vars, lightTokens), colorScheme: 'light', '@media': reducedMotion });
globalStyle(':root[data-theme="dark"]', { vars: assignVars(vars, darkTokens), colorScheme: 'dark', '@media': reducedMotion });
