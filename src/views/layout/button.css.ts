import { recipe, type RecipeVariants } from '@vanilla-extract/recipes';
import { vars } from '@/views/theme/vars.css';

export const button = recipe({
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    gap: vars.space.xs,
    minHeight: '44px',
    padding: `${vars.space.xs} ${vars.space.lg}`,
    border: '1px solid transparent',
    borderRadius: vars.radius.sm,
    font: 'inherit',
    fontWeight: vars.fontWeight.semibold,
    lineHeight: vars.lineHeight.tight,
    textAlign: 'center',
    textDecoration: 'none',
    maxWidth: '100%',
    cursor: 'pointer',
    transition: `background-color ${vars.motion.fast} ${vars.motion.easing}, border-color ${vars.motion.fast} ${vars.motion.easing}, color ${vars.motion.fast} ${vars.motion.easing}`,
    selectors: {
      '&[disabled], &[aria-disabled="true"]': { opacity: 0.6, cursor: 'not-allowed' },
    },
  },
  variants: {
    tone: {
      primary: {
        background: vars.color.primary,
        color: vars.color.onPrimary,
        selectors: { '&:hover:not([disabled])': { background: vars.color.primaryHover } },
      },
      secondary: {
        background: vars.color.surface,
        color: vars.color.primary,
        borderColor: vars.color.primary,
        selectors: { '&:hover:not([disabled])': { background: vars.color.primarySoft } },
      },
      ghost: {
        background: 'transparent',
        color: vars.color.text,
        selectors: { '&:hover:not([disabled])': { background: vars.color.surfaceMuted } },
      },
    },
    size: {
      sm: { minHeight: '36px', padding: `${vars.space.xxs} ${vars.space.md}`, fontSize: vars.fontSize.sm, whiteSpace: 'nowrap' },
      md: {},
    },
    block: { true: { width: '100%', whiteSpace: 'normal' }, false: {} },
  },
  defaultVariants: { tone: 'primary', size: 'md', block: false },
});

export type ButtonVariants = NonNullable<RecipeVariants<typeof button>>;
