import { keyframes, style } from '@vanilla-extract/css';
import { mediaDown } from '@/views/theme/tokens';
import { vars } from '@/views/theme/vars.css';

const appear = keyframes({ from: { opacity: 0, transform: 'translateY(-4px)' }, to: { opacity: 1, transform: 'none' } });

export const root = style({ position: 'relative', display: 'inline-flex' });

export const trigger = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  minHeight: '44px',
  maxWidth: '16rem',
  padding: `0 ${vars.space.xs} 0 ${vars.space.xxs}`,
  border: '1px solid transparent',
  borderRadius: vars.radius.full,
  background: 'transparent',
  color: vars.color.text,
  font: 'inherit',
  cursor: 'pointer',
  transition: `background-color ${vars.motion.fast} ${vars.motion.easing}`,
  selectors: {
    '&:hover, &[aria-expanded="true"]': { background: vars.color.surfaceMuted },
  },
});

export const avatar = style({
  display: 'grid',
  placeItems: 'center',
  width: '36px',
  height: '36px',
  borderRadius: vars.radius.full,
  background: vars.color.primarySoft,
  color: vars.color.onPrimarySoft,
  fontWeight: vars.fontWeight.bold,
  fontSize: vars.fontSize.sm,
  flexShrink: 0,
});

export const name = style({
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  fontWeight: vars.fontWeight.medium,
  fontSize: vars.fontSize.sm,
  '@media': { [mediaDown('md')]: { display: 'none' } },
});

export const chevron = style({ flexShrink: 0, transition: `transform ${vars.motion.fast} ${vars.motion.easing}` });
export const chevronOpen = style({ transform: 'rotate(180deg)' });

export const popover = style({
  position: 'absolute',
  top: 'calc(100% + 6px)',
  right: 0,
  zIndex: 30,
  width: 'max-content',
  minWidth: '15rem',
  maxWidth: 'min(20rem, calc(100vw - 2rem))',
  maxHeight: vars.layout.menuMaxHeight,
  overflowY: 'auto',
  padding: vars.space.xs,
  background: vars.color.surfaceRaised,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  boxShadow: vars.elevation.high,
  animation: `${appear} ${vars.motion.normal} ${vars.motion.easing}`,
});

export const header = style({
  padding: `${vars.space.xs} ${vars.space.sm} ${vars.space.sm}`,
  marginBottom: vars.space.xxs,
  borderBottom: `1px solid ${vars.color.border}`,
  overflowWrap: 'anywhere',
});

export const headerName = style({ fontWeight: vars.fontWeight.semibold });
export const headerEmail = style({ fontSize: vars.fontSize.sm, color: vars.color.textMuted });

export const menu = style({ display: 'flex', flexDirection: 'column', gap: '2px' });

export const item = style({
  display: 'flex',
  alignItems: 'center',
  width: '100%',
  minHeight: '40px',
  padding: `0 ${vars.space.sm}`,
  border: 0,
  borderRadius: vars.radius.sm,
  background: 'transparent',
  color: vars.color.text,
  font: 'inherit',
  textAlign: 'left',
  textDecoration: 'none',
  cursor: 'pointer',
  selectors: {
    '&:hover, &:focus-visible': { background: vars.color.primarySoft, color: vars.color.onPrimarySoft },
    '&:focus-visible': { outlineOffset: '-2px' },
  },
});

export const separator = style({ height: '1px', margin: `${vars.space.xxs} 0`, background: vars.color.border });

export const themeGroup = style({ display: 'flex', alignItems: 'center', gap: vars.space.sm, padding: `${vars.space.xxs} ${vars.space.sm}` });
export const groupLabel = style({ fontSize: vars.fontSize.sm, color: vars.color.textMuted });

export const segments = style({
  display: 'flex',
  flex: 1,
  padding: '2px',
  borderRadius: vars.radius.sm,
  background: vars.color.surfaceMuted,
});

export const segment = style({
  flex: 1,
  minHeight: '32px',
  padding: `0 ${vars.space.xs}`,
  border: 0,
  borderRadius: '4px',
  background: 'transparent',
  color: vars.color.textMuted,
  font: 'inherit',
  fontSize: vars.fontSize.sm,
  cursor: 'pointer',
  selectors: {
    '&:hover': { color: vars.color.text },
    '&[aria-checked="true"]': { background: vars.color.surfaceRaised, color: vars.color.text, fontWeight: vars.fontWeight.semibold, boxShadow: vars.elevation.low },
    '&:focus-visible': { outlineOffset: '-2px' },
  },
});
