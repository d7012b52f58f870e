// Read any resource (src/machines/shared/resource.ts) the same way: its data, whether it is
// loading, loaded or failed.

type ResourceSnapshotLike<TData> = {
  context: { data: TData | null; error: unknown };
  hasTag(tag: 'loading'): boolean;
  matches(state: 'idle' | 'loading' | 'loaded' | 'failed'): boolean;
};

export const selectResourceData = <TData>(s: ResourceSnapshotLike<TData>): TData | null => s.context.data;
export const selectHasResourceFailed = <TData>(s: ResourceSnapshotLike<TData>): boolean => s.matches('failed');
/** Loaded, or failed: nothing more will come without being asked. */
export const selectIsResourceSettled = <TData>(s: ResourceSnapshotLike<TData>): boolean => s.matches('loaded') || s.matches('failed');
