import { recipe } from '@vanilla-extract/recipes';
import { vars } from '@/views/theme/vars.css';

export const divider = recipe({
  base: { border: 0, margin: 0, flexShrink: 0, borderRadius: vars.radius.full },
  variants: {
    orientation: {
      horizontal: { maxWidth: '100%' },
      vertical: { alignSelf: 'stretch' },
    },
    color: {
      primary: { background: vars.color.primary },
      secondary: { background: vars.color.secondary },
      muted: { background: vars.color.border },
    },
  },
  defaultVariants: { orientation: 'horizontal', color: 'secondary' },
});
