import { createSprinkles, defineProperties } from '@vanilla-extract/sprinkles';
import { mediaUp } from '@/views/theme/tokens';
import { vars } from '@/views/theme/vars.css';

const responsive = defineProperties({
  conditions: {
    xs: {},
    sm: { '@media': mediaUp('sm') },
    md: { '@media': mediaUp('md') },
    lg: { '@media': mediaUp('lg') },
    xl: { '@media': mediaUp('xl') },
    xxl: { '@media': mediaUp('xxl') },
  },
  defaultCondition: 'xs',
  responsiveArray: ['xs', 'sm', 'md', 'lg', 'xl', 'xxl'],
  properties: {
    display: ['none', 'block', 'flex', 'grid', 'inline-flex'],
    flexDirection: ['row', 'column'],
    flexWrap: ['wrap', 'nowrap'],
    alignItems: ['flex-start', 'center', 'flex-end', 'stretch', 'baseline'],
    justifyContent: ['flex-start', 'center', 'flex-end', 'space-between'],
    gap: vars.space,
    paddingTop: vars.space,
    paddingBottom: vars.space,
    paddingLeft: vars.space,
    paddingRight: vars.space,
    marginTop: vars.space,
    marginBottom: vars.space,
    fontSize: vars.fontSize,
    textAlign: ['left', 'center', 'right'],
  },
  shorthands: {
    padding: ['paddingTop', 'paddingBottom', 'paddingLeft', 'paddingRight'],
    paddingX: ['paddingLeft', 'paddingRight'],
    paddingY: ['paddingTop', 'paddingBottom'],
    marginY: ['marginTop', 'marginBottom'],
  },
});

const colors = defineProperties({
  properties: {
    color: { text: vars.color.text, muted: vars.color.textMuted, primary: vars.color.primary, error: vars.color.error },
    background: { surface: vars.color.surface, muted: vars.color.surfaceMuted, page: vars.color.background },
    fontWeight: vars.fontWeight,
  },
});

export const sprinkles = createSprinkles(responsive, colors);
export type Sprinkles = Parameters<typeof sprinkles>[0];
