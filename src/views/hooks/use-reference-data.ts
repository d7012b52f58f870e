import { useEffect } from 'react';
import { useSelector } from '@xstate/react';
import { loadReferenceData } from '@/machines/reference-data/reference-data.actors';
import {
  selectAreAudiencesInitialized,
  selectAudiences,
  selectIsNasotInitialized,
  selectNasotItems,
} from '@/machines/reference-data/reference-data.selectors';
import { selectHasResourceFailed } from '@/machines/shared/resource.selectors';
import { useRoot } from '@/views/root-context';

/**
 * The framework (nasot items) and the audiences, as the app holds them. With `load`, the view
 * asks for them when it mounts (each list is fetched once, whoever asks).
 */
export function useReferenceData({ load = false }: { load?: boolean } = {}) {
  const { nasotItems, audiences } = useRoot();
  useEffect(() => {
    if (load) loadReferenceData({ nasotItems, audiences });
  }, [load, nasotItems, audiences]);
  const nasotReady = useSelector(nasotItems, selectIsNasotInitialized);
  const audiencesReady = useSelector(audiences, selectAreAudiencesInitialized);
  const nasotFailed = useSelector(nasotItems, selectHasResourceFailed);
  const audiencesFailed = useSelector(audiences, selectHasResourceFailed);
  return {
    nasotItems: useSelector(nasotItems, selectNasotItems),
    audiences: useSelector(audiences, selectAudiences),
    ready: nasotReady && audiencesReady,
    failed: nasotFailed || audiencesFailed,
    retry: () => loadReferenceData({ nasotItems, audiences }),
  };
}
