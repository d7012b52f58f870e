import { GrowthBookContext, type GrowthBookContextValue } from '@growthbook/growthbook-react';
import { useSelector } from '@xstate/react';
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import type { FlagsMachine } from '@/machines/flags/flags.machine';
import type { RootActor, RootApp } from '@/machines/root/root.actors';
import type { AppServices } from '@/machines/root/app-services';
import type { RootRefs } from '@/machines/root/root.machine';
import type { ActorRefFrom } from 'xstate';

// The one context of the app: the root actor, its long-lived children (the refs never change)
// and the services screens build their actors from.

type RootValue = RootRefs & { root: RootActor; services: AppServices };

const RootContext = createContext<RootValue | null>(null);

export function RootProvider({ app, children }: { app: Pick<RootApp, 'actor' | 'services'>; children: ReactNode }) {
  const value: RootValue = { ...app.services.actors, root: app.actor, services: app.services };
  return (
    <RootContext.Provider value={value}>
      <FlagsProvider flags={value.flags}>{children}</FlagsProvider>
    </RootContext.Provider>
  );
}

export function useRoot(): RootValue {
  const value = useContext(RootContext);
  if (!value) throw new Error('useRoot must be used inside <RootProvider>');
  return value;
}

/** growthbook-react's own value without a client: its hooks then throw "Missing … GrowthBookProvider". */
const NO_CLIENT = {} as GrowthBookContextValue;

/**
 * Spec §1: the feature-flag client, available app-wide. GrowthBook's React context holds the
 * instance the flags actor created, from the moment the actor has it; the app's views still read
 * flags through the actor. The context is given a new value whenever the actor's context changes
 * (the client arriving, its features or attributes changing), as GrowthBookProvider would on the
 * client's renderer — which the actor already owns (a GrowthBook instance has one), so this is the
 * context's Provider rather than GrowthBookProvider. Rendered from the start, so the client's
 * arrival re-renders no screen; only the context object is on the first page, the SDK loads with
 * the client.
 */
function FlagsProvider({ flags, children }: { flags: ActorRefFrom<FlagsMachine>; children: ReactNode }) {
  const context = useSelector(flags, (snapshot) => snapshot.context);
  const value = useMemo(() => (context.client ? { growthbook: context.client } : NO_CLIENT), [context]);
  return <GrowthBookContext.Provider value={value}>{children}</GrowthBookContext.Provider>;
}
