// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { reloadOnStaleChunk } from '@/lib/stale-chunks';

const staleChunk = () => {
  const event = new Event('vite:preloadError', { cancelable: true });
  window.dispatchEvent(event);
  return event;
};

describe('reloading once when a chunk of an older build is gone', () => {
  let stop = () => {};
  afterEach(() => {
    stop();
    vi.useRealTimers();
    sessionStorage.clear();
  });

  it('reloads on the first failure, not again within a minute, and again after it', () => {
    vi.useFakeTimers({ now: new Date('2026-09-01T08:00:00Z') });
    const reload = vi.fn();
    stop = reloadOnStaleChunk('test-chunk-reload-at', reload);

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
    vi.useFakeTimers({ now: new Date('2026-09-01T08:00:00Z') });
    sessionStorage.setItem('other-app-reload-at', String(Date.now()));
    const reload = vi.fn();
    stop = reloadOnStaleChunk('this-app-reload-at', reload);
    staleChunk();
    expect(reload).toHaveBeenCalledTimes(1);
    expect(sessionStorage.getItem('this-app-reload-at')).toBe(String(Date.now()));
  });
});
