import { describe, expect, it } from 'vitest';
import { arrangeDashboard, continueItem, dashboardGreeting, progressPercent, progressState } from '@/machines/catalog/catalog.selectors';
import type { CatalogItemSummary, DashboardLists, ItemProgress } from '@/machines/catalog/catalog.types';
import { catalogItemSummary } from '../support/catalog-fixtures';

// The dashboard follows progress: what to continue, what is in progress, what to suggest.

const item = (id: string, resourceType: CatalogItemSummary['resourceType'] = 'LEARNING_OBJECT') => catalogItemSummary(id, { resourceType });

const progress = (catalogItemId: string, at: string, extra: Partial<ItemProgress> = {}): ItemProgress => ({
  catalogItemId,
  lastInteractionAt: at,
  videoProgress: 0,
  videoPosition: 0,
  areReproduciblesDownloaded: false,
  isCatalogItemRated: false,
  isRubricScoreSaved: false,
  isStrategyApplied: false,
  completed: false,
  ...extra,
});

const lists = (extra: Partial<DashboardLists>): DashboardLists => ({
  featured: [],
  recommended: [],
  recommendedPlaylists: [],
  newItems: [],
  inProgress: [],
  progress: [],
  ...extra,
});

describe('arrangeDashboard', () => {
  // "done" has its video watched and every step: completed. "watched" has only its video.
  const done = progress('done', '2026-03-05T00:00:00.000Z', { videoProgress: 100, completed: true });
  const watched = progress('watched', '2026-03-01T00:00:00.000Z', { videoProgress: 95 });
  const older = progress('older', '2026-02-01T00:00:00.000Z', { videoProgress: 10 });
  const other = progress('other', '2026-01-15T00:00:00.000Z', { videoProgress: 20 });

  it('continues the unfinished item touched last, never a completed one, even when the server lists one first', () => {
    const view = arrangeDashboard(lists({ inProgress: [item('done'), item('older'), item('watched')], progress: [done, watched, older] }));
    expect(view.resume?.item.id).toBe('watched');
    expect(view.resume?.progress).toEqual(watched);
    expect(view.inProgress.map((i) => i.id)).toEqual(['older']);
  });

  it('suggests nothing completed and nothing already started', () => {
    const view = arrangeDashboard(
      lists({
        inProgress: [item('watched')],
        progress: [done, watched, other],
        recommended: [item('done'), item('watched'), item('other'), item('fresh')],
        recommendedPlaylists: [item('done', 'PLAYLIST'), item('pl', 'PLAYLIST')],
        featured: [item('done'), item('watched'), item('other'), item('f')],
        newItems: [item('done'), item('n')],
      }),
    );
    expect(view.recommended.map((i) => i.id)).toEqual(['fresh']);
    expect(view.recommendedPlaylists.map((i) => i.id)).toEqual(['pl']);
    // The editors' lists may show something the learner started elsewhere, never what is done or shown above.
    expect(view.featured.map((i) => i.id)).toEqual(['other', 'f']);
    expect(view.newItems.map((i) => i.id)).toEqual(['n']);
  });

  it('has nothing to continue when nothing is unfinished', () => {
    const view = arrangeDashboard(lists({ inProgress: [item('done')], progress: [done] }));
    expect(view.resume).toBeNull();
    expect(view.inProgress).toEqual([]);
    expect(continueItem([item('done')], [done])).toBeNull();
  });
});

describe('progress labels follow the completion rule', () => {
  it('a strategy with its video watched is in progress, not completed, until the server says so', () => {
    expect(progressState(progress('a', '2026-01-01T00:00:00.000Z', { videoProgress: 100 }))).toBe('inProgress');
    expect(progressState(progress('a', '2026-01-01T00:00:00.000Z', { videoProgress: 100, completed: true }))).toBe('completed');
    expect(progressState(undefined)).toBe('notStarted');
  });

  it('counts a strategy by its five steps and anything else by its video', () => {
    const steps = progress('a', '2026-01-01T00:00:00.000Z', { videoProgress: 92, isCatalogItemRated: true });
    expect(progressPercent(item('a'), steps)).toBe(40);
    expect(progressPercent(item('a', 'LIVESTREAM'), progress('a', '2026-01-01T00:00:00.000Z', { videoProgress: 42.4 }))).toBe(42);
    expect(progressPercent(item('a'), undefined)).toBe(0);
  });
});

describe('dashboardGreeting', () => {
  it('welcomes on the first day and welcomes back after an earlier visit', () => {
    expect(dashboardGreeting({ firstName: 'Ana', previousVisitOn: null })).toBe('Welcome, Ana');
    expect(dashboardGreeting({ firstName: 'Ana' })).toBe('Welcome, Ana');
    expect(dashboardGreeting({ firstName: 'Ana', previousVisitOn: '2026-11-20' })).toBe('Welcome back, Ana');
    expect(dashboardGreeting({ firstName: ' ', previousVisitOn: '2026-11-20' })).toBe('Welcome back');
    expect(dashboardGreeting(null)).toBe('Welcome');
  });
});
