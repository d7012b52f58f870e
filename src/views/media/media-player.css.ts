import { style } from '@vanilla-extract/css';
import { mediaUp } from '@/views/theme/tokens';
import { vars } from '@/views/theme/vars.css';

const focusRing = { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' } as const;

export const player = style({ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: vars.space.sm, marginBottom: vars.space.lg });
// The player keeps its 16:9 box from the first paint (loading, poster, playing): no layout shift.
export const video = style({ display: 'block', width: '100%', aspectRatio: '16 / 9', maxHeight: '70vh', background: '#000', borderRadius: vars.radius.md });

/** Under the video: the watched line on the left, speed and shortcuts on the right. */
export const toolbar = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: vars.space.sm });
export const tools = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space.sm, marginInlineStart: 'auto' });
export const speed = style({ display: 'inline-flex', alignItems: 'center', gap: vars.space.xs, fontSize: vars.fontSize.sm, fontWeight: vars.fontWeight.medium });
const control = {
  minHeight: '36px',
  padding: `0 ${vars.space.sm}`,
  border: `1px solid ${vars.color.borderStrong}`,
  borderRadius: vars.radius.sm,
  background: vars.color.surface,
  color: vars.color.text,
  font: 'inherit',
  fontSize: vars.fontSize.sm,
} as const;
export const select = style({ ...control, cursor: 'pointer', selectors: { '&:focus-visible': focusRing } });
export const toolButton = style({
  ...control,
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  cursor: 'pointer',
  fontWeight: vars.fontWeight.medium,
  selectors: { '&:hover': { background: vars.color.surfaceMuted }, '&:focus-visible': focusRing, '&:disabled': { opacity: 0.5, cursor: 'default' } },
});

// Chapters: a thin bar with the steps' lengths, and the steps as chips that scroll sideways.
export const chapters = style({ display: 'grid', gap: vars.space.xs });
export const chapterBar = style({ display: 'flex', gap: '2px', height: '6px' });
export const chapterSegment = style({
  flexBasis: 0,
  borderRadius: '3px',
  background: vars.color.border,
  selectors: { '&[data-current="true"]': { background: vars.color.primary }, '&[data-past="true"]': { background: vars.color.primarySoft } },
});
export const chapterList = style({ display: 'flex', gap: vars.space.xs, overflowX: 'auto', listStyle: 'none', margin: 0, padding: '2px 2px 6px' });
export const chapterButton = style({
  ...control,
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  maxWidth: '18rem',
  whiteSpace: 'nowrap',
  cursor: 'pointer',
  selectors: {
    '&:hover': { background: vars.color.surfaceMuted },
    '&:focus-visible': focusRing,
    '&[aria-current="true"]': { background: vars.color.primarySoft, borderColor: vars.color.primary, color: vars.color.onPrimarySoft },
  },
});
export const chapterTitle = style({ overflow: 'hidden', textOverflow: 'ellipsis' });
export const time = style({ fontVariantNumeric: 'tabular-nums', fontWeight: vars.fontWeight.semibold, color: 'inherit' });

// The transcript: a card with its search, and the cues in a box of its own height that scrolls.
export const transcript = style({
  display: 'grid',
  gap: vars.space.sm,
  padding: vars.space.md,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
});
export const transcriptHead = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: vars.space.sm });
export const h2 = style({ fontSize: vars.fontSize.lg, margin: 0 });
export const follow = style({ display: 'inline-flex', alignItems: 'center', gap: vars.space.xs, minHeight: '36px', fontSize: vars.fontSize.sm, cursor: 'pointer' });
export const checkbox = style({ width: '18px', height: '18px', accentColor: vars.color.primary, selectors: { '&:focus-visible': focusRing } });
export const search = style({ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) auto auto auto', alignItems: 'center', gap: vars.space.xs });
export const searchInput = style({
  ...control,
  minWidth: 0,
  fontSize: vars.fontSize.md,
  selectors: { '&:focus-visible': focusRing },
});
export const matchCount = style({ whiteSpace: 'nowrap', fontSize: vars.fontSize.sm, color: vars.color.textMuted, fontVariantNumeric: 'tabular-nums' });
export const cues = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  maxHeight: '12rem',
  overflowY: 'auto',
  position: 'relative',
  '@media': { [mediaUp('sm')]: { maxHeight: '16rem' }, [mediaUp('lg')]: { maxHeight: '20rem' } },
});
export const cue = style({
  display: 'grid',
  gridTemplateColumns: '3.5rem minmax(0, 1fr)',
  gap: vars.space.sm,
  width: '100%',
  minHeight: '32px',
  padding: `${vars.space.xs} ${vars.space.sm}`,
  border: 0,
  borderRadius: vars.radius.sm,
  background: 'transparent',
  color: vars.color.text,
  font: 'inherit',
  textAlign: 'start',
  cursor: 'pointer',
  selectors: {
    '&:hover': { background: vars.color.surfaceMuted },
    '&:focus-visible': { ...focusRing, outlineOffset: '-3px' },
    '&[aria-current="true"]': { background: vars.color.primarySoft, color: vars.color.onPrimarySoft },
  },
});
export const cueTime = style({ fontVariantNumeric: 'tabular-nums', fontSize: vars.fontSize.sm, color: 'inherit', opacity: 0.8, paddingTop: '2px' });
export const mark = style({ background: '#fde68a', color: '#1f2937', borderRadius: '2px', selectors: { '&[data-current="true"]': { background: '#f59e0b', outline: '2px solid #b45309' } } });

// The shortcuts dialog's list.
export const keys = style({ display: 'grid', gridTemplateColumns: 'auto 1fr', gap: `${vars.space.sm} ${vars.space.md}`, margin: 0, alignItems: 'center' });
export const key = style({
  display: 'inline-block',
  minWidth: '2rem',
  padding: '2px 8px',
  border: `1px solid ${vars.color.borderStrong}`,
  borderBottomWidth: '2px',
  borderRadius: vars.radius.sm,
  fontFamily: vars.font.mono,
  fontSize: vars.fontSize.sm,
  textAlign: 'center',
});
export const keyName = style({ margin: 0, display: 'flex', gap: vars.space.xs });
export const keyWhat = style({ margin: 0 });
