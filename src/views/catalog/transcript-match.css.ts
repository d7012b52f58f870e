import { style } from '@vanilla-extract/css';
import { vars } from '@/views/theme/vars.css';

/** What is said in the video where the search words are: a quote and a link that plays from there. */
export const spoken = style({ display: 'grid', gap: vars.space.xxs, margin: 0, fontSize: vars.fontSize.sm, color: vars.color.textMuted });
export const quote = style({ margin: 0, fontStyle: 'italic', overflowWrap: 'anywhere' });
export const mark = style({
  background: vars.color.primarySoft,
  color: vars.color.onPrimarySoft,
  fontStyle: 'normal',
  fontWeight: vars.fontWeight.semibold,
  borderRadius: vars.radius.sm,
  padding: '0 0.15em',
});
/** Above the title link's cover of the whole card, so it takes its own clicks. */
export const play = style({
  position: 'relative',
  zIndex: 1,
  justifySelf: 'start',
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xxs,
  minHeight: '24px',
  color: vars.color.primary,
  fontWeight: vars.fontWeight.semibold,
  textDecoration: 'underline',
  textUnderlineOffset: '0.15em',
  selectors: {
    '&:hover': { textDecorationThickness: '2px' },
    '&:focus-visible': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px', borderRadius: vars.radius.sm },
  },
});
