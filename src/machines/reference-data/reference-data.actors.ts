import type { ApiClient } from '@/api/client';
import { listAudiences, listNasotItems } from '@/api/operations/start-up';
import { audiencesMachine, nasotItemsMachine } from '@/machines/reference-data/reference-data.machine';
import { withFetch } from '@/machines/shared/resource';
import { isReferenceDataReady, hasReferenceDataFailed } from '@/machines/reference-data/reference-data.selectors';
import type { RootRefs } from '@/machines/root/root.machine';
import { bindIntents } from '@/machines/shared/intents';
import { resourceIntents } from '@/machines/shared/resource.intents';

// The reference lists' real fetches, and what screens' effects do with the two lists.

export const createNasotItemsLogic = (api: ApiClient) => withFetch(nasotItemsMachine, (_, signal) => listNasotItems(api, { signal }));

export const createAudiencesLogic = (api: ApiClient) => withFetch(audiencesMachine, (_, signal) => listAudiences(api, { signal }));

type ReferenceRefs = Pick<RootRefs, 'nasotItems' | 'audiences'>;

/** Asks for both lists; each is fetched once, a request in flight is joined. */
export function loadReferenceData(actors: ReferenceRefs): void {
  bindIntents(actors.nasotItems, resourceIntents).load();
  bindIntents(actors.audiences, resourceIntents).load();
}

/** Both lists loaded, or one failed (screens then show what they can). */
export function referenceDataSettled(actors: ReferenceRefs, signal: AbortSignal): Promise<void> {
  const settled = () => {
    const nasot = actors.nasotItems.getSnapshot();
    const audiences = actors.audiences.getSnapshot();
    return isReferenceDataReady(nasot, audiences) || hasReferenceDataFailed(nasot, audiences);
  };
  return new Promise<void>((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const subscriptions = [actors.nasotItems.subscribe(check), actors.audiences.subscribe(check)];
    const onAbort = () => finish(() => reject(signal.reason));
    signal.addEventListener('abort', onAbort, { once: true });
    function finish(settle: () => void) {
      subscriptions.forEach((subscription) => subscription.unsubscribe());
      signal.removeEventListener('abort', onAbort);
      settle();
    }
    function check() {
      if (settled()) finish(resolve);
    }
    check();
  });
}
