import { style } from '@vanilla-extract/css';
import { mediaDown, mediaUp } from '@/views/theme/tokens';
import { vars } from '@/views/theme/vars.css';

export const bar = style({
  position: 'sticky',
  top: 0,
  zIndex: 20,
  height: vars.layout.navbarHeight,
  background: vars.color.surface,
  borderBottom: `1px solid ${vars.color.border}`,
});

export const inner = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  height: '100%',
  padding: `0 ${vars.space.md}`,
  '@media': { [mediaUp('sm')]: { padding: `0 ${vars.space.lg}`, gap: vars.space.md } },
});

export const brandText = style({ '@media': { [mediaDown('sm')]: { display: 'none' } } });

export const desktopNav = style({
  display: 'none',
  height: '100%',
  marginLeft: vars.space.lg,
  '@media': { [mediaUp('lg')]: { display: 'block' } },
});

export const linkList = style({ display: 'flex', alignItems: 'stretch', gap: vars.space.xxs, height: '100%', margin: 0, padding: 0, listStyle: 'none' });

export const link = style({
  position: 'relative',
  display: 'flex',
  alignItems: 'center',
  height: '100%',
  padding: `0 ${vars.space.sm}`,
  color: vars.color.textMuted,
  fontWeight: vars.fontWeight.medium,
  textDecoration: 'none',
  whiteSpace: 'nowrap',
  transition: `color ${vars.motion.fast} ${vars.motion.easing}`,
  selectors: {
    '&:hover': { color: vars.color.text },
    '&[aria-current="page"]': { color: vars.color.primary },
    '&[aria-current="page"]::after': {
      content: '""',
      position: 'absolute',
      left: vars.space.sm,
      right: vars.space.sm,
      bottom: 0,
      height: '3px',
      borderRadius: '3px 3px 0 0',
      background: vars.color.primary,
    },
    '&:focus-visible': { outlineOffset: '-3px' },
  },
});

export const spacer = style({ flex: 1 });

export const actions = style({ display: 'flex', alignItems: 'center', gap: vars.space.xs });

export const menuButton = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.xs,
  minWidth: '44px',
  minHeight: '44px',
  padding: `0 ${vars.space.sm}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  background: vars.color.surface,
  color: vars.color.text,
  font: 'inherit',
  fontWeight: vars.fontWeight.medium,
  cursor: 'pointer',
  selectors: { '&:hover, &[aria-expanded="true"]': { background: vars.color.surfaceMuted } },
  '@media': { [mediaUp('lg')]: { display: 'none' } },
});

export const menuButtonLabel = style({ '@media': { [mediaDown('sm')]: { display: 'none' } } });

export const panel = style({
  position: 'absolute',
  top: '100%',
  left: 0,
  right: 0,
  zIndex: 25,
  maxHeight: `calc(100vh - ${vars.layout.navbarHeight})`,
  overflowY: 'auto',
  padding: `${vars.space.xs} ${vars.space.md} ${vars.space.md}`,
  background: vars.color.surface,
  borderBottom: `1px solid ${vars.color.border}`,
  boxShadow: vars.elevation.medium,
  '@media': { [mediaUp('lg')]: { display: 'none' } },
});

export const panelList = style({ display: 'flex', flexDirection: 'column', gap: '2px', margin: 0, padding: 0, listStyle: 'none' });

export const panelLink = style({
  display: 'flex',
  alignItems: 'center',
  minHeight: '48px',
  padding: `0 ${vars.space.md}`,
  borderRadius: vars.radius.sm,
  color: vars.color.text,
  fontWeight: vars.fontWeight.medium,
  textDecoration: 'none',
  selectors: {
    '&:hover': { background: vars.color.surfaceMuted },
    '&[aria-current="page"]': { background: vars.color.primarySoft, color: vars.color.onPrimarySoft },
  },
});

export const registerButton = style({ '@media': { [mediaDown('sm')]: { paddingLeft: vars.space.sm, paddingRight: vars.space.sm } } });
