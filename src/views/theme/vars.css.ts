import { createThemeContract } from '@vanilla-extract/css';
import { lightTokens, type ThemeTokens } from '@/views/theme/tokens';

type Contract<T> = { [K in keyof T]: T[K] extends string ? null : Contract<T[K]> };

function toContract<T extends object>(tokens: T): Contract<T> {
  return Object.fromEntries(
    Object.entries(tokens).map(([key, value]) => [key, typeof value === 'string' ? null : toContract(value as object)]),
  ) as Contract<T>;
}

/** The theme contract: every style reads these CSS variables, each theme fills them. */
export const vars = createThemeContract(toContract<ThemeTokens>(lightTokens));
