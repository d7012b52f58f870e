import { style } from '@vanilla-extract/css';
import { mediaUp } from '@/views/theme/tokens';
import { vars } from '@/views/theme/vars.css';

export const grid = style({
  display: 'grid',
  gap: vars.space.md,
  gridTemplateColumns: '1fr',
  listStyle: 'none',
  padding: 0,
  margin: 0,
  '@media': {
    [mediaUp('sm')]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
    [mediaUp('lg')]: { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' },
  },
});

export const section = style({ marginBottom: vars.space.xl });
export const sectionTitle = style({ fontSize: vars.fontSize.xl, marginBottom: vars.space.sm });

export const cardTitle = style({ fontSize: vars.fontSize.lg, margin: 0 });
export const cardLink = style({ color: vars.color.primary, textDecoration: 'none', selectors: { '&:hover': { textDecoration: 'underline' } } });
export const meta = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.xs,
  alignItems: 'center',
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
  margin: `${vars.space.xs} 0 0`,
});

export const badge = style({
  display: 'inline-block',
  padding: `0 ${vars.space.xs}`,
  borderRadius: vars.radius.full,
  background: vars.color.primarySoft,
  color: vars.color.onPrimarySoft,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.semibold,
});

export const liveBadge = style([badge, { background: vars.color.error, color: vars.color.surface }]);

export const layout = style({
  display: 'grid',
  gap: vars.space.lg,
  gridTemplateColumns: '1fr',
  '@media': { [mediaUp('md')]: { gridTemplateColumns: '18rem minmax(0, 1fr)' } },
});

export const filters = style({ display: 'grid', gap: vars.space.md, border: 0, padding: 0, margin: 0, minWidth: 0 });
export const searchRow = style({ display: 'flex', gap: vars.space.xs, alignItems: 'flex-end', marginBottom: vars.space.md });
export const grow = style({ flex: 1 });

export const pagination = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.xs, listStyle: 'none', padding: 0, margin: `${vars.space.lg} 0 0` });
export const pageLink = style({
  display: 'inline-flex',
  minWidth: '44px',
  minHeight: '44px',
  alignItems: 'center',
  justifyContent: 'center',
  padding: `0 ${vars.space.xs}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  color: vars.color.primary,
  textDecoration: 'none',
  selectors: { '&[aria-current="page"]': { background: vars.color.primary, color: vars.color.onPrimary, borderColor: vars.color.primary } },
});

export const entries = style({ paddingLeft: vars.space.lg, display: 'grid', gap: vars.space.sm });
