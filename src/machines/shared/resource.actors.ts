import { waitFor, type ActorRef, type Snapshot } from 'xstate';
import type { ResourceEvent } from '@/machines/shared/resource';
import { bindIntents } from '@/machines/shared/intents';
import { resourceIntents } from '@/machines/shared/resource.intents';
import { selectIsResourceSettled } from '@/machines/shared/resource.selectors';

type ResourceSnapshotLike<TData> = Snapshot<unknown> & {
  context: { data: TData | null; error: unknown };
  hasTag(tag: 'loading'): boolean;
  matches(state: 'idle' | 'loading' | 'loaded' | 'failed'): boolean;
};
type ResourceRef<TData> = ActorRef<ResourceSnapshotLike<TData>, ResourceEvent<TData, never>>;

/** Asks a resource to load (once) and answers its data, or throws its error. */
export async function loadResource<TData>(ref: ResourceRef<TData>, signal?: AbortSignal): Promise<TData> {
  bindIntents(ref, resourceIntents).load();
  const settled = await waitFor(ref, selectIsResourceSettled, { signal, timeout: Infinity });
  if (settled.context.data === null) throw settled.context.error ?? new Error('The resource did not load');
  return settled.context.data;
}

/** Waits until a resource has loaded or failed, without asking it to load. */
export async function resourceSettled<TData>(ref: ResourceRef<TData>, signal?: AbortSignal): Promise<void> {
  await waitFor(ref, selectIsResourceSettled, { signal, timeout: Infinity });
}

/** Fetches again (after a change elsewhere) and waits until the new value, or the failure, is in. */
export async function reloadResource<TData>(ref: ResourceRef<TData>, signal?: AbortSignal): Promise<void> {
  bindIntents(ref, resourceIntents).retry();
  await resourceSettled(ref, signal);
}
