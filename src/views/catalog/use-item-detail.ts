import { useSelector } from '@xstate/react';
import { itemDetailScreen } from '@/machines/catalog/catalog.actors';
import { selectItemDetail, selectItemFailed, selectItemLoading } from '@/machines/catalog/catalog.selectors';
import { loadAtStart } from '@/machines/shared/resource';
import { resourceIntents } from '@/machines/shared/resource.intents';
import { useIntents } from '@/views/hooks/use-intents';
import { useScreenActor } from '@/views/hooks/use-screen-actor';

/** A playlist's or livestream's page data: loaded as the page opens, with "Try again". */
export function useItemDetail(publicId: string) {
  const actor = useScreenActor(itemDetailScreen, { input: loadAtStart({ publicId }) });
  const { retry } = useIntents(actor, resourceIntents);
  return {
    detail: useSelector(actor, selectItemDetail),
    loading: useSelector(actor, selectItemLoading),
    failed: useSelector(actor, selectItemFailed),
    retry,
  };
}
