import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { navigationProgressMachine } from '@/machines/navigation-progress/navigation-progress.machine';
import { selectIsIndicatorVisible } from '@/machines/navigation-progress/navigation-progress.selectors';
import {
  NAVIGATION_INDICATOR_DELAY_MS,
  type NavigationProgressEvent,
  type PageView,
} from '@/machines/navigation-progress/navigation-progress.types';
import { effectFreeModel, expectFullCoverage, simulatedClock, walkModel } from '../support/model';

// Both regions of the chart (the indicator and page views) walked together, on the real
// machine and a simulated clock. The 300 ms delay is run one millisecond short first, so an
// indicator that shows early fails the path. The page-view effect is stubbed and its calls
// checked against the driver's own list of what spec §7 records: one view per change of
// pathname, from the previous one (empty for the first page).

type ModelEvent = NavigationProgressEvent | { type: 'model.after.indicatorDelay' } | { type: 'xstate.init' };

const model = effectFreeModel(navigationProgressMachine);

const EVENTS: ModelEvent[] = [
  { type: 'navigation.started' },
  { type: 'navigation.finished' },
  { type: 'navigation.located', pathname: '/' },
  { type: 'navigation.located', pathname: '/catalog' },
  { type: 'model.after.indicatorDelay' },
];

describe('navigation progress, model-based', () => {
  it('walks every transition of the statechart on the real machine', async (context) => {
    const coverage = await walkModel<ModelEvent>(model, {
      events: EVENTS,
      serializeState: (snapshot) => JSON.stringify([snapshot.value, snapshot.context]),
      createDriver: () => {
        const { clock, advance } = simulatedClock();
        const recorded: PageView[] = [];
        const actor = createActor(
          navigationProgressMachine.provide({ actions: { recordPageView: (_, view) => void recorded.push(view) } }),
          { clock },
        ).start();
        const views: PageView[] = [];
        let pathname: string | null = null;
        let visible = false;
        return {
          actor,
          step: (event) => {
            if (event.type === 'xstate.init') return;
            if (event.type === 'model.after.indicatorDelay') {
              advance(NAVIGATION_INDICATOR_DELAY_MS - 1);
              expect(selectIsIndicatorVisible(actor.getSnapshot()), 'at 299 ms').toBe(false);
              advance(1);
              visible = true;
              return;
            }
            actor.send(event);
            if (event.type === 'navigation.finished') visible = false;
            if (event.type === 'navigation.located' && event.pathname !== pathname) {
              views.push({ from: pathname ?? '', to: event.pathname });
              pathname = event.pathname;
            }
          },
          check: (real) => {
            expect(recorded).toEqual(views);
            expect(real.context.pathname).toBe(pathname);
            expect(selectIsIndicatorVisible(real)).toBe(visible);
          },
        };
      },
    });
    expectFullCoverage(context, coverage);
  });
});
