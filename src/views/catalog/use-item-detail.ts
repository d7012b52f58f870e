import { useSelector } from '@xstate/react';
import { itemDetailScreen } from '@/machines/catalog/catalog.actors';
import type { ItemDetailParams } from '@/machines/catalog/catalog-screens.machine';
import { selectItemDetail, selectItemFailed, selectItemLoading, selectItemNotFound } from '@/machines/catalog/catalog.selectors';
import { loadAtStart } from '@/machines/shared/resource';
import { resourceIntents } from '@/machines/shared/resource.intents';
import { useIntents } from '@/views/hooks/use-intents';
import { useScreenActor } from '@/views/hooks/use-screen-actor';

/** A playlist's or livestream's page data: loaded as the page opens, with "Try again"; an unknown id is not found. */
export function useItemDetail(publicId: string, resourceType: ItemDetailParams['resourceType']) {
  const actor = useScreenActor(itemDetailScreen, { input: loadAtStart({ publicId, resourceType }) });
  const { retry } = useIntents(actor, resourceIntents);
  return {
    detail: useSelector(actor, selectItemDetail),
    loading: useSelector(actor, selectItemLoading),
    failed: useSelector(actor, selectItemFailed),
    notFound: useSelector(actor, selectItemNotFound),
    retry,
  };
}
