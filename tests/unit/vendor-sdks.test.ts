// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAnalyticsAdapter, createSurveyAdapter, type AnalyticsClient, type SurveyClient } from '@/machines/integrations/adapters';

// Spec §1's survey and analytics tools through the vendors' own browser SDKs: PostHog's
// (`posthog-js/no-external`) and Formbricks' (`@formbricks/js`). Each is imported only when first
// needed; the network is the edge (nothing leaves this test).

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => {
  vi.resetModules();
  // PostHog's requests, and anything else that would leave the machine.
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } })),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  delete (globalThis as { formbricks?: unknown }).formbricks;
  document.head.innerHTML = '';
});

describe('analytics: PostHog', () => {
  async function adapter() {
    const onError = vi.fn();
    let client: (AnalyticsClient & { get_distinct_id: () => string; config: Record<string, unknown> }) | null = null;
    const load = vi.fn(async () => {
      const posthog = (await import('posthog-js/no-external')).default;
      client = posthog as unknown as typeof client;
      return posthog as unknown as AnalyticsClient;
    });
    const analytics = createAnalyticsAdapter({ id: 'phc_test_project', host: 'https://analytics.example.org', onError }, load);
    return { analytics, load, onError, client: () => client! };
  }

  it('is loaded by the first identify, not before, and a reset before then loads nothing', async () => {
    const { analytics, load } = await adapter();
    analytics.reset();
    await settle();
    expect(load).not.toHaveBeenCalled();
    analytics.identify('user-1');
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1));
  });

  it('identifies the user by id on the configured host, with autocapture and recordings off, and forgets them on reset', async () => {
    const { analytics, client, onError } = await adapter();
    analytics.identify('user-1');
    await vi.waitFor(() => expect(client()?.get_distinct_id()).toBe('user-1'));
    expect(client().config).toMatchObject({ api_host: 'https://analytics.example.org', token: 'phc_test_project', autocapture: false, disable_session_recording: true });
    analytics.reset();
    await vi.waitFor(() => expect(client().get_distinct_id()).not.toBe('user-1'));
    // A second user after the reset is identified afresh.
    analytics.identify('user-2');
    await vi.waitFor(() => expect(client().get_distinct_id()).toBe('user-2'));
    expect(onError).not.toHaveBeenCalled();
  });

  it('reports an SDK that cannot load and lets the app go on', async () => {
    const onError = vi.fn();
    const analytics = createAnalyticsAdapter({ id: 'phc_test_project', host: 'https://analytics.example.org', onError }, () => Promise.reject(new TypeError('Failed to fetch dynamically imported module')));
    expect(() => analytics.identify('user-1')).not.toThrow();
    await vi.waitFor(() => expect(onError).toHaveBeenCalledWith('The analytics tool could not identify the user', expect.any(TypeError)));
  });
});

describe('survey: Formbricks', () => {
  const load = () => import('@formbricks/js').then((m) => m.default as unknown as SurveyClient);

  it('loads the survey script from the configured Formbricks app when a user is first told to it, then sets it up with the workspace and tells it the user id, e-mail and name', async () => {
    const onError = vi.fn();
    const survey = createSurveyAdapter({ id: 'workspace-1', host: 'https://surveys.example.org/', onError }, load);
    expect(document.head.querySelector('script')).toBeNull();
    survey.identify({ id: 'user-1', name: 'Ada Lovelace', email: 'ada@example.org' });
    await vi.waitFor(() => expect(document.head.querySelector('script')?.getAttribute('src')).toBe('https://surveys.example.org/js/formbricks.umd.cjs'));

    // The script arrives and defines the SDK's core (the vendor's side of the edge).
    const calls: unknown[][] = [];
    (globalThis as { formbricks?: unknown }).formbricks = Object.fromEntries(
      ['setup', 'setUserId', 'setEmail', 'setAttribute', 'on', 'off'].map((method) => [method, async (...args: unknown[]) => void calls.push([method, ...args])]),
    );
    document.head.querySelector('script')!.dispatchEvent(new Event('load'));
    await vi.waitFor(() => expect(calls).toHaveLength(4));
    expect(calls).toEqual([
      ['setup', { appUrl: 'https://surveys.example.org', workspaceId: 'workspace-1' }],
      ['setUserId', 'user-1'],
      ['setEmail', 'ada@example.org'],
      ['setAttribute', 'name', 'Ada Lovelace'],
    ]);
    expect(onError).not.toHaveBeenCalled();
  });
});
