import { describe, expect, it } from 'vitest';
import { SimulatedClock, createActor } from 'xstate';
import { snackbarMachine } from '@/machines/snackbar/snackbar.machine';
import { selectQueuedCount, selectSnackbar } from '@/machines/snackbar/snackbar.selectors';
import type { SnackbarRequest } from '@/machines/snackbar/snackbar.types';

// Spec §9: default timeout 2000 ms, throttle 2500 ms on the leading edge, one at a time.

function start() {
  const clock = new SimulatedClock();
  const actor = createActor(snackbarMachine, { clock });
  actor.start();
  const shown = () => selectSnackbar(actor.getSnapshot());
  const enqueue = (request: SnackbarRequest) => actor.send({ type: 'snackbar.enqueue', ...request });
  return { actor, clock, shown, enqueue };
}

describe('snackbar', () => {
  it('shows the first message at once and hides it after the default 2000 ms', () => {
    const { clock, shown, enqueue } = start();
    enqueue({ message: 'Saved', variant: 'success' });
    expect(shown()).toMatchObject({ message: 'Saved', variant: 'success', timeout: 2000, closable: false });
    clock.increment(1999);
    expect(shown()?.message).toBe('Saved');
    clock.increment(1);
    expect(shown()).toBeNull();
  });

  it('throttles on the leading edge: the next starts 2500 ms after the previous one started', () => {
    const { clock, shown, enqueue } = start();
    enqueue({ message: 'First', variant: 'success' });
    clock.increment(100);
    enqueue({ message: 'Second', variant: 'success' });
    expect(shown()?.message).toBe('First');
    clock.increment(1900); // 2000: First hides, the window is still open
    expect(shown()).toBeNull();
    clock.increment(499); // 2499
    expect(shown()).toBeNull();
    clock.increment(1); // 2500
    expect(shown()?.message).toBe('Second');
  });

  it('shows a message at once when the last one started more than 2500 ms ago', () => {
    const { clock, shown, enqueue } = start();
    enqueue({ message: 'First', variant: 'success' });
    clock.increment(4000);
    enqueue({ message: 'Later', variant: 'error' });
    expect(shown()?.message).toBe('Later');
  });

  it('keeps the queue in order, one at a time', () => {
    const { actor, clock, shown, enqueue } = start();
    for (const message of ['A', 'B', 'C']) enqueue({ message, variant: 'success' });
    const seen = [shown()?.message];
    expect(selectQueuedCount(actor.getSnapshot())).toBe(2);
    clock.increment(2500);
    seen.push(shown()?.message);
    clock.increment(2500);
    seen.push(shown()?.message);
    expect(seen).toEqual(['A', 'B', 'C']);
    clock.increment(2000);
    expect(shown()).toBeNull();
    expect(selectQueuedCount(actor.getSnapshot())).toBe(0);
  });

  it('honours a custom timeout, longer than the throttle window too', () => {
    const { clock, shown, enqueue } = start();
    enqueue({ message: 'Long', variant: 'success', timeout: 5000 });
    enqueue({ message: 'Next', variant: 'success' });
    clock.increment(4999);
    expect(shown()?.message).toBe('Long');
    clock.increment(1);
    expect(shown()?.message).toBe('Next');
    clock.increment(500);
    expect(shown()?.message).toBe('Next');
  });

  it('closes a closable message early, but not one that is not closable', () => {
    const { actor, clock, shown, enqueue } = start();
    enqueue({ message: 'Sticky', variant: 'success' });
    actor.send({ type: 'snackbar.close' });
    expect(shown()?.message).toBe('Sticky');
    clock.increment(2500);
    enqueue({ message: 'Closable', variant: 'error', timeout: 10_000, closable: true });
    expect(shown()).toMatchObject({ message: 'Closable', closable: true });
    actor.send({ type: 'snackbar.close' });
    expect(shown()).toBeNull();
    // Closing early does not shorten the throttle window.
    enqueue({ message: 'After', variant: 'success' });
    expect(shown()).toBeNull();
    clock.increment(2500);
    expect(shown()?.message).toBe('After');
  });

  it('carries the variant and tells equal messages apart', () => {
    const { clock, shown, enqueue } = start();
    enqueue({ message: 'Oops', variant: 'error' });
    const first = shown();
    expect(first?.variant).toBe('error');
    clock.increment(2500);
    enqueue({ message: 'Oops', variant: 'error' });
    expect(shown()?.variant).toBe('error');
    expect(shown()?.id).not.toBe(first?.id);
  });
});
