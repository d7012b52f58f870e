import type { ResourceEvent } from '@/machines/shared/resource';

/** What views (and other actors' effects) ask of a resource; nobody assembles its events. */
export const resourceIntents = (send: (event: ResourceEvent<never, never>) => void) => ({
  /** Loads unless already loaded or loading. */
  load: () => send({ type: 'resource.load' }),
  /** Fetches again, also after a failure ("Try again"). */
  retry: () => send({ type: 'resource.reload' }),
});
