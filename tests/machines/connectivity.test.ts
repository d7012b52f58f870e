import { describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, type AnyActorRef } from 'xstate';
import { connectivityMachine, type ConnectivityEvent } from '@/machines/connectivity/connectivity.machine';
import { selectIsOffline } from '@/machines/connectivity/connectivity.selectors';

// The offline banner's actor: it starts from the browser's answer, follows its online and offline
// events, and installs the service worker once, when it starts.

function start(online: boolean) {
  let report: ((event: ConnectivityEvent) => void) | null = null;
  let stopped = false;
  const installWorker = vi.fn();
  const actor = createActor(
    connectivityMachine.provide({
      actors: {
        watchConnectivity: fromCallback<ConnectivityEvent>(({ sendBack }) => {
          report = sendBack;
          return () => {
            stopped = true;
          };
        }),
      },
      actions: { installWorker },
    }),
    { input: { online } },
  ).start();
  return { actor, installWorker, report: (event: ConnectivityEvent) => report!(event), stopped: () => stopped };
}

const offline = (actor: AnyActorRef) => selectIsOffline(actor.getSnapshot());

describe('connectivity', () => {
  it('starts online or offline as the browser says, and installs the worker once', () => {
    const online = start(true);
    expect(offline(online.actor)).toBe(false);
    expect(online.installWorker).toHaveBeenCalledTimes(1);
    const away = start(false);
    expect(offline(away.actor)).toBe(true);
    expect(away.installWorker).toHaveBeenCalledTimes(1);
  });

  it("follows the browser's offline and online events", () => {
    const { actor, report, installWorker } = start(true);
    report({ type: 'connectivity.offline' });
    expect(offline(actor)).toBe(true);
    report({ type: 'connectivity.offline' });
    expect(offline(actor)).toBe(true);
    report({ type: 'connectivity.online' });
    expect(offline(actor)).toBe(false);
    expect(installWorker).toHaveBeenCalledTimes(1);
  });

  it('stops listening when the banner goes', () => {
    const { actor, stopped } = start(true);
    actor.stop();
    expect(stopped()).toBe(true);
  });
});
