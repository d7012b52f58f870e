// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { reloadOnStaleChunk } from '@/lib/stale-chunks';

const staleChunk = () => {
  const event = new Event('vite:preloadError', { cancelable: true });
  window.dispatchEvent(event);
  return event;
};

// The listener stays for the page's life (as in the apps): each test uses a key of its own and
// a time no other test's listener would reload at.
describe('reloading once when a chunk of an older build is gone', () => {
  const reload = vi.fn();
  beforeEach(() => {
    reload.mockClear();
    vi.stubGlobal('location', { ...window.location, reload });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('reloads on the first failure, not again within a minute, and again after it', () => {
    vi.useFakeTimers({ now: new Date('2026-09-01T08:00:00Z') });
    reloadOnStaleChunk('test-chunk-reload-at');

    const first = staleChunk();
    expect(reload).toHaveBeenCalledTimes(1);
    expect(first.defaultPrevented).toBe(true);

    vi.setSystemTime(new Date('2026-09-01T08:00:59Z'));
    const second = staleChunk();
    expect(reload).toHaveBeenCalledTimes(1);
    // Not prevented: the router shows the route's error instead of a reload loop.
    expect(second.defaultPrevented).toBe(false);

    vi.setSystemTime(new Date('2026-09-01T08:01:01Z'));
    staleChunk();
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('keeps each app’s last reload under its own key', () => {
    // The first test's listener reloaded last at 08:01:01 under its own key: within its minute.
    vi.useFakeTimers({ now: new Date('2026-09-01T08:01:30Z') });
    sessionStorage.setItem('other-app-reload-at', String(Date.now()));
    reloadOnStaleChunk('this-app-reload-at');
    staleChunk();
    expect(reload).toHaveBeenCalledTimes(1);
    expect(sessionStorage.getItem('this-app-reload-at')).toBe(String(Date.now()));
    expect(sessionStorage.getItem('other-app-reload-at')).toBe(String(Date.parse('2026-09-01T08:01:30Z')));
  });
});
