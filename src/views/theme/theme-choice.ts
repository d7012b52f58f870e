// The colour scheme the user picked in the account menu. "system" follows the operating system
// (prefers-color-scheme, themes.css.ts); light or dark is kept in localStorage and set as
// `data-theme` on <html>, which public/theme.js also does before the first paint.

export type ThemeChoice = 'system' | 'light' | 'dark';

export const THEME_STORAGE_KEY = 'AV_THEME';

export const THEME_CHOICES: { value: ThemeChoice; label: string }[] = [
  { value: 'system', label: 'System' },
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
];

export function readThemeChoice(): ThemeChoice {
  const theme = document.documentElement.getAttribute('data-theme');
  return theme === 'light' || theme === 'dark' ? theme : 'system';
}

export function applyThemeChoice(choice: ThemeChoice): void {
  const root = document.documentElement;
  try {
    if (choice === 'system') localStorage.removeItem(THEME_STORAGE_KEY);
    else localStorage.setItem(THEME_STORAGE_KEY, choice);
  } catch {
    // Storage blocked: the choice holds for this page only.
  }
  if (choice === 'system') root.removeAttribute('data-theme');
  else root.setAttribute('data-theme', choice);
}
