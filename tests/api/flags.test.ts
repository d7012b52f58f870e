import { mkdtempSync, readFileSync, writeFileSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GrowthBook, clearCache, type TrackingData } from '@growthbook/growthbook';
import { createActor, toPromise } from 'xstate';
import { createGrowthBookClient } from '@/machines/flags/flags.actors';
import { createTestApp, type TestApp } from '../support/app.ts';
import { validateResponse } from '../support/contract.ts';

// The embedded flags server answers GrowthBook's SDK as GrowthBook's own servers do (spec §7: GET
// features, POST eval, the update stream): the vendor's SDK runs against it unchanged here, with
// remote evaluation on, and the stream says when the features file changes.

const KEY = 'sdk-local';
const EXPERIMENT = {
  defaultValue: 'list',
  rules: [{ key: 'catalogue-layout', variations: ['list', 'grid'], weights: [0, 1], coverage: 1, hashAttribute: 'id' }],
};

let t: TestApp;
let file: string;
let base: string;

function writeFeatures(extra: Record<string, unknown> = {}) {
  const shipped = JSON.parse(readFileSync('server/flags/features.json', 'utf8')) as { features: Record<string, unknown> };
  writeFileSync(file, JSON.stringify({ features: { ...shipped.features, 'catalogue-layout': EXPERIMENT, ...extra } }));
}

beforeAll(async () => {
  file = join(mkdtempSync(join(tmpdir(), 'elp-flags-')), 'features.json');
  writeFeatures();
  t = await createTestApp({ env: { FEATURES_FILE: file } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  base = `http://127.0.0.1:${address.port}`;
});

afterAll(async () => {
  await t?.close();
});

/** The SDK as the app creates it, evaluated remotely for one user. */
async function remoteClient(attributes: Record<string, unknown>) {
  clearCache();
  const tracked: TrackingData[] = [];
  const gb = new GrowthBook({ apiHost: `${base}/api/flags`, clientKey: KEY, remoteEval: true, attributes, trackingCallback: (experiment, result) => void tracked.push({ experiment, result }) });
  const result = await gb.init({ timeout: 5000 });
  return { gb, result, tracked };
}

describe('remote evaluation (POST /api/flags/api/eval/{clientKey})', () => {
  it("gives GrowthBook's SDK each feature's value for the attributes it sent, and no targeting rules", async () => {
    const admin = await remoteClient({ id: 'admin-1', role: 'ADMIN' });
    expect(admin.result).toMatchObject({ success: true, source: 'network' });
    expect(admin.gb.isOn('statechart-viewer')).toBe(true);
    expect(admin.gb.isOn('local-login')).toBe(true);
    // What reached the browser: values, not the rule that platform admins get the viewer.
    expect(JSON.stringify(admin.gb.getFeatures())).not.toContain('"condition"');
    admin.gb.destroy();

    const educator = await remoteClient({ id: 'educator-1', role: 'USER' });
    expect(educator.gb.isOn('statechart-viewer')).toBe(false);
    educator.gb.destroy();
  });

  it("is what the app's flag client does with VITE_GROWTHBOOK_REMOTE_EVAL=true: values follow the user it is told of", async () => {
    clearCache();
    const init = createActor(createGrowthBookClient({ clientKey: KEY, apiHost: `${base}/api/flags`, enableDevMode: false, remoteEval: true, streaming: false })).start();
    const gb = await toPromise(init);
    expect(gb.isRemoteEval()).toBe(true);
    expect(gb.isOn('statechart-viewer')).toBe(false);
    // What the flags machine does on flags.identify: new attributes, evaluated again by the server.
    await gb.setAttributes({ id: 'admin-2', role: 'ADMIN' });
    expect(gb.isOn('statechart-viewer')).toBe(true);
    gb.destroy();
  });

  it('assigns experiments on the server and the browser still reports the exposure', async () => {
    const { gb, tracked } = await remoteClient({ id: 'educator-2', role: 'USER' });
    expect(gb.getFeatureValue('catalogue-layout', 'list')).toBe('grid');
    expect(tracked).toHaveLength(1);
    expect(tracked[0]).toMatchObject({ experiment: { key: 'catalogue-layout' }, result: { value: 'grid', variationId: 1 } });
    gb.destroy();
  });

  it('honours forced variations and forced features, and answers in the contract', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/flags/api/eval/${KEY}`,
      payload: { attributes: { id: 'x', role: 'ADMIN' }, forcedVariations: { 'catalogue-layout': 0 }, forcedFeatures: [['local-login', false]], url: `${base}/` },
    });
    expect(res.statusCode).toBe(200);
    expect(validateResponse('evalFeatures', 200, res.headers['content-type'] as string, res.json())).toEqual([]);
    const { features } = res.json() as { features: Record<string, { defaultValue: unknown }> };
    expect(features['local-login']!.defaultValue).toBe(false);
    expect(features['catalogue-layout']!.defaultValue).toBe('list');
    expect(features['statechart-viewer']!.defaultValue).toBe(true);
  });

  it('refuses an unknown client key and a body that is not the SDK’s', async () => {
    const wrongKey = await t.app.inject({ method: 'POST', url: '/api/flags/api/eval/other-key', payload: {} });
    expect(wrongKey.statusCode).toBe(404);
    expect(wrongKey.json()).toEqual({ error: { code: 'UNKNOWN_CLIENT_KEY', message: 'Unknown client key' } });
    const bad = await t.app.inject({ method: 'POST', url: `/api/flags/api/eval/${KEY}`, payload: { attributes: 'me', forcedFeatures: [['a']] } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatchObject({ code: 'BAD_REQUEST', message: expect.stringMatching(/^body\/attributes/) });
  });
});

describe('the update stream (GET /api/flags/sub/{clientKey})', () => {
  it('stays open, says features-updated when the features file changes, and ends when the server stops', async () => {
    const controller = new AbortController();
    const res = await fetch(`${base}/api/flags/sub/${KEY}`, { signal: controller.signal });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(res.headers.get('content-encoding')).toBeNull();
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    let received = '';
    const until = async (text: string) => {
      while (!received.includes(text)) {
        const { value, done } = await reader.read();
        if (done) throw new Error(`the stream ended before "${text}": ${received}`);
        received += value;
      }
    };
    await until(': features\n\n');
    expect(received).not.toContain('features-updated');

    // A new version of the file (a later modification time): the stream tells the client.
    writeFeatures({ 'new-flag': { defaultValue: true } });
    const later = new Date(Date.now() + 5000);
    utimesSync(file, later, later);
    // Another client reads the new file before the stream's next look at it: the stream still tells.
    const features = await fetch(`${base}/api/flags/api/features/${KEY}`).then((r) => r.json() as Promise<{ features: Record<string, unknown> }>);
    expect(features.features).toHaveProperty('new-flag');
    await until('event: features-updated\ndata: {}\n\n');
    controller.abort();
  });

  it('refuses an unknown client key', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/flags/sub/other-key' });
    expect(res.statusCode).toBe(404);
  });

  it('does not hold the server when it stops: open streams end', async () => {
    const res = await fetch(`${base}/api/flags/sub/${KEY}`);
    const reader = res.body!.getReader();
    await reader.read();
    const started = performance.now();
    const closing = t.app.close();
    // Read to the end: the server ended the stream as it began to stop (not at SHUTDOWN_TIMEOUT).
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read());
    const ended = performance.now() - started;
    await closing;
    expect(ended).toBeLessThan(2000);
  });
});
