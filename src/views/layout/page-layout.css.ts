import { style } from '@vanilla-extract/css';
import { mediaUp } from '@/views/theme/tokens';
import { vars } from '@/views/theme/vars.css';

export const root = style({
  width: '100%',
  maxWidth: vars.layout.contentMaxWidth,
  margin: '0 auto',
  padding: `${vars.space.lg} ${vars.space.md} ${vars.space.xxl}`,
  '@media': {
    [mediaUp('sm')]: { padding: `${vars.space.xl} ${vars.space.lg} ${vars.space.xxl}` },
    [mediaUp('lg')]: { padding: `${vars.space.xxl} ${vars.space.xl} ${vars.space.xxxl}` },
    [mediaUp('xxl')]: { maxWidth: '96rem' },
  },
});

export const titleRow = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.md,
});

export const title = style({
  fontSize: vars.fontSize.xxl,
  lineHeight: vars.lineHeight.tight,
  overflowWrap: 'anywhere',
  '@media': { [mediaUp('md')]: { fontSize: vars.fontSize.display } },
});

export const titleSlot = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm, alignItems: 'center' });

export const header = style({ marginTop: vars.space.sm, color: vars.color.textMuted, fontSize: vars.fontSize.lg, maxWidth: '48rem' });

export const body = style({ marginTop: vars.space.xl });
