import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { menuMachine } from '@/machines/menu/menu.machine';
import { selectIsMenuOpen, selectMenuFocus } from '@/machines/menu/menu.selectors';

function start() {
  const actor = createActor(menuMachine);
  actor.start();
  return actor;
}

describe('menu machine (spec §9: open 300 ms, close 250 ms on hover)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('opens 300 ms after the pointer enters, not at 299 ms', () => {
    const menu = start();
    menu.send({ type: 'menu.pointerEnter' });
    vi.advanceTimersByTime(299);
    expect(selectIsMenuOpen(menu.getSnapshot())).toBe(false);
    vi.advanceTimersByTime(1);
    expect(selectIsMenuOpen(menu.getSnapshot())).toBe(true);
    expect(selectMenuFocus(menu.getSnapshot())).toBe('none');
  });

  it('does not open when the pointer leaves before the delay', () => {
    const menu = start();
    menu.send({ type: 'menu.pointerEnter' });
    vi.advanceTimersByTime(200);
    menu.send({ type: 'menu.pointerLeave' });
    vi.advanceTimersByTime(1000);
    expect(selectIsMenuOpen(menu.getSnapshot())).toBe(false);
  });

  it('closes 250 ms after the pointer leaves, not at 249 ms', () => {
    const menu = start();
    menu.send({ type: 'menu.pointerEnter' });
    vi.advanceTimersByTime(300);
    menu.send({ type: 'menu.pointerLeave' });
    vi.advanceTimersByTime(249);
    expect(selectIsMenuOpen(menu.getSnapshot())).toBe(true);
    vi.advanceTimersByTime(1);
    expect(selectIsMenuOpen(menu.getSnapshot())).toBe(false);
  });

  it('re-entering during the close delay cancels the close', () => {
    const menu = start();
    menu.send({ type: 'menu.pointerEnter' });
    vi.advanceTimersByTime(300);
    menu.send({ type: 'menu.pointerLeave' });
    vi.advanceTimersByTime(200);
    menu.send({ type: 'menu.pointerEnter' });
    vi.advanceTimersByTime(1000);
    expect(selectIsMenuOpen(menu.getSnapshot())).toBe(true);
    // …and leaving again restarts the full 250 ms.
    menu.send({ type: 'menu.pointerLeave' });
    vi.advanceTimersByTime(249);
    expect(selectIsMenuOpen(menu.getSnapshot())).toBe(true);
    vi.advanceTimersByTime(1);
    expect(selectIsMenuOpen(menu.getSnapshot())).toBe(false);
  });

  it('opens at once from the keyboard, focusing the first or last item, and closes on Escape', () => {
    const menu = start();
    menu.send({ type: 'menu.open', focus: 'last' });
    expect(selectIsMenuOpen(menu.getSnapshot())).toBe(true);
    expect(selectMenuFocus(menu.getSnapshot())).toBe('last');
    menu.send({ type: 'menu.close' });
    expect(selectIsMenuOpen(menu.getSnapshot())).toBe(false);
    menu.send({ type: 'menu.open' });
    expect(selectMenuFocus(menu.getSnapshot())).toBe('first');
  });

  it('a keyboard- or press-opened menu stays open when the pointer leaves', () => {
    const menu = start();
    menu.send({ type: 'menu.toggle' });
    menu.send({ type: 'menu.pointerEnter' });
    menu.send({ type: 'menu.pointerLeave' });
    vi.advanceTimersByTime(1000);
    expect(selectIsMenuOpen(menu.getSnapshot())).toBe(true);
    menu.send({ type: 'menu.toggle' });
    expect(selectIsMenuOpen(menu.getSnapshot())).toBe(false);
  });

  it('a click on a hover-opened menu keeps it open instead of closing it', () => {
    const menu = start();
    menu.send({ type: 'menu.pointerEnter' });
    vi.advanceTimersByTime(300);
    menu.send({ type: 'menu.toggle' });
    expect(selectIsMenuOpen(menu.getSnapshot())).toBe(true);
    menu.send({ type: 'menu.pointerLeave' });
    vi.advanceTimersByTime(1000);
    expect(selectIsMenuOpen(menu.getSnapshot())).toBe(true);
  });

  it('a click during the open delay opens at once', () => {
    const menu = start();
    menu.send({ type: 'menu.pointerEnter' });
    vi.advanceTimersByTime(100);
    menu.send({ type: 'menu.toggle' });
    expect(selectIsMenuOpen(menu.getSnapshot())).toBe(true);
  });
});
