// @vitest-environment jsdom
import { GrowthBook } from '@growthbook/growthbook';
import { GrowthBookContext } from '@growthbook/growthbook-react';
import { act, cleanup, render, screen } from '@testing-library/react';
import { useContext, useEffect } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { flagsMachine } from '@/machines/flags/flags.machine';
import type { FlagClient } from '@/machines/flags/flags.types';
import type { RootActor } from '@/machines/root/root.actors';
import type { AppServices } from '@/machines/root/app-services';
import { RootProvider } from '@/views/root-context';

// Spec §1: the feature-flag client is available app-wide. GrowthBook's React context, anywhere
// under the app's root, holds the very instance the flags actor created, and follows its changes.

afterEach(cleanup);

let mounts = 0;
let seen: GrowthBook | undefined;

/** A reader of GrowthBook's React context, as growthbook-react's hooks are. */
function Probe() {
  const { growthbook } = useContext(GrowthBookContext);
  seen = growthbook;
  useEffect(() => void (mounts += 1), []);
  return <p>{growthbook ? (growthbook.isOn('new-dashboard') ? 'on' : 'off') : 'no client'}</p>;
}

describe('the flags client in React', () => {
  it('is the flags actor’s own instance once it has one, and follows its changes', async () => {
    let arrive!: (client: FlagClient) => void;
    const pending = new Promise<FlagClient>((resolve) => (arrive = resolve));
    const flags = createActor(flagsMachine.provide({ actors: { initClient: fromPromise(() => pending) }, actions: { logError: () => {} } })).start();
    const services = { actors: { flags } } as unknown as AppServices;
    render(
      <RootProvider app={{ actor: {} as RootActor, services }}>
        <Probe />
      </RootProvider>,
    );
    expect(screen.getByText('no client')).toBeTruthy();

    const client = new GrowthBook({ features: { 'new-dashboard': { defaultValue: false } } });
    await act(async () => arrive(client));
    expect(seen).toBe(client);
    expect(screen.getByText('off')).toBeTruthy();
    // The client's arrival re-rendered the reader; it did not mount the app's tree again.
    expect(mounts).toBe(1);

    // A change of the client's features reaches both its readers: the context's and the actor's
    // (whose change relay, the client's one renderer, the provider must leave in place).
    const revision = flags.getSnapshot().context.revision;
    await act(async () => client.setForcedFeatures(new Map([['new-dashboard', true]])));
    expect(screen.getByText('on')).toBeTruthy();
    expect(flags.getSnapshot().context.revision).toBeGreaterThan(revision);
    flags.stop();
  });
});
