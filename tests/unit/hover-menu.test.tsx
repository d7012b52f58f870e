// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { flagsMachine } from '@/machines/flags/flags.machine';
import type { FlagClient } from '@/machines/flags/flags.types';
import { MENU_OPEN_DELAY } from '@/machines/menu/menu.machine';
import { createLiveActors } from '@/machines/shared/live-actors';
import type { RootActor } from '@/machines/root/root.actors';
import type { AppServices } from '@/machines/root/app-services';
import { RootProvider } from '@/views/root-context';
import { useHoverMenu } from '@/views/layout/use-hover-menu';

// The hover menu (the account menu's behaviour) over its own menu machine. The menu's actor needs
// only the live-actor registry of the app's services; the app's root also provides the flags
// client, here one that never arrives.

function Menu() {
  const { isOpen, rootProps, triggerProps, menuProps } = useHoverMenu();
  return (
    <div data-testid="root" {...rootProps}>
      <button type="button" {...triggerProps}>
        Account
      </button>
      {isOpen && (
        <div {...menuProps}>
          <button type="button" role="menuitem" tabIndex={-1}>
            Profile
          </button>
        </div>
      )}
    </div>
  );
}

/**
 * A pointer event from a mouse (jsdom has no PointerEvent; React reads `pointerType`). React
 * derives enter and leave from the `pointerout` of the element left, towards `relatedTarget`.
 */
function pointer(type: 'pointermove' | 'pointerout', target: Element, relatedTarget: Element | null = null) {
  const event = new MouseEvent(type, { bubbles: true, cancelable: true, relatedTarget });
  Object.defineProperty(event, 'pointerType', { value: 'mouse' });
  act(() => void target.dispatchEvent(event));
}

const wait = (ms: number) => act(() => void vi.advanceTimersByTime(ms));

beforeEach(() => {
  vi.useFakeTimers();
  const flags = createActor(flagsMachine.provide({ actors: { initClient: fromPromise<FlagClient, void>(() => new Promise(() => {})) }, actions: { logError: () => {} } })).start();
  const services = { actors: { flags }, live: createLiveActors() } as unknown as AppServices;
  render(
    <RootProvider app={{ actor: {} as RootActor, services }}>
      <p data-testid="outside">Elsewhere</p>
      <Menu />
    </RootProvider>,
  );
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('a hover menu', () => {
  const trigger = () => screen.getByRole('button', { name: 'Account' });

  it('opens after its delay when the pointer comes in', () => {
    pointer('pointerout', screen.getByTestId('outside'), trigger());
    wait(MENU_OPEN_DELAY - 50);
    expect(screen.queryByRole('menu')).toBeNull();
    wait(100);
    expect(screen.getByRole('menu')).toBeTruthy();
    expect(trigger().getAttribute('aria-expanded')).toBe('true');
  });

  it('opens when the pointer moves inside without an enter (React misses it when the element the pointer came from was just removed)', () => {
    pointer('pointermove', trigger());
    wait(MENU_OPEN_DELAY + 50);
    expect(screen.getByRole('menu')).toBeTruthy();
  });

  it('does not open again on a move after being closed while the pointer stayed over it; it does after the pointer left and came back', () => {
    pointer('pointerout', screen.getByTestId('outside'), trigger());
    wait(MENU_OPEN_DELAY + 50);
    expect(screen.getByRole('menu')).toBeTruthy();
    act(() => void fireEvent.keyDown(trigger(), { key: 'Escape' }));
    expect(screen.queryByRole('menu')).toBeNull();
    pointer('pointermove', trigger());
    wait(MENU_OPEN_DELAY + 50);
    expect(screen.queryByRole('menu')).toBeNull();

    pointer('pointerout', trigger(), screen.getByTestId('outside'));
    pointer('pointermove', trigger());
    wait(MENU_OPEN_DELAY + 50);
    expect(screen.getByRole('menu')).toBeTruthy();
  });
});
