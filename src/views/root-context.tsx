import { createContext, useContext, type ReactNode } from 'react';
import type { RootActor } from '@/machines/root/root.actors';
import { selectRootRefs, type RootRefs } from '@/machines/root/root.selectors';

// The one context of the app: the root actor and its long-lived children, read once (the refs
// never change), handed to every view.

type RootValue = RootRefs & { root: RootActor };

const RootContext = createContext<RootValue | null>(null);

export function RootProvider({ root, children }: { root: RootActor; children: ReactNode }) {
  const value: RootValue = { root, ...selectRootRefs(root.getSnapshot()) };
  return <RootContext.Provider value={value}>{children}</RootContext.Provider>;
}

export function useRoot(): RootValue {
  const value = useContext(RootContext);
  if (!value) throw new Error('useRoot must be used inside <RootProvider>');
  return value;
}
