import { createContext, useContext, type ReactNode } from 'react';
import type { RootActor, RootApp } from '@/machines/root/root.actors';
import type { AppServices } from '@/machines/root/app-services';
import type { RootRefs } from '@/machines/root/root.machine';

// The one context of the app: the root actor, its long-lived children (the refs never change)
// and the services screens build their actors from.

type RootValue = RootRefs & { root: RootActor; services: AppServices };

const RootContext = createContext<RootValue | null>(null);

export function RootProvider({ app, children }: { app: Pick<RootApp, 'actor' | 'services'>; children: ReactNode }) {
  const value: RootValue = { ...app.services.actors, root: app.actor, services: app.services };
  return <RootContext.Provider value={value}>{children}</RootContext.Provider>;
}

export function useRoot(): RootValue {
  const value = useContext(RootContext);
  if (!value) throw new Error('useRoot must be used inside <RootProvider>');
  return value;
}
