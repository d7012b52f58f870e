import { useEffect, useRef } from 'react';
import { useActorRef } from '@xstate/react';
import { useLocation, useNavigate } from 'react-router';
import { useCatalogLogic } from '@/views/catalog/catalog-context';

// Each catalogue screen spawns its own actor on mount and stops it on leave (useActorRef).

export function useDashboardActor() {
  return useActorRef(useCatalogLogic().dashboard);
}

export function useLivestreamsActor() {
  return useActorRef(useCatalogLogic().livestreams);
}

/** Keyed by the caller on publicId, so another item gets a fresh actor. */
export function useItemDetailActor(publicId: string) {
  return useActorRef(useCatalogLogic().itemDetail, { input: { publicId } });
}

/** The catalogue follows the URL: every location change (own navigation, back, forward) is sent. */
export function useCatalogActor() {
  const location = useLocation();
  const navigate = useNavigate();
  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;
  const { catalog } = useCatalogLogic();
  const actor = useActorRef(
    catalog.provide({
      actions: {
        replaceSearch: (_, params: { search: string }) =>
          void navigateRef.current({ pathname: location.pathname, search: params.search }, { replace: true }),
      },
    }),
    { input: { search: location.search } },
  );
  useEffect(() => {
    actor.send({ type: 'catalog.urlChanged', search: location.search });
  }, [actor, location.search]);
  return actor;
}
