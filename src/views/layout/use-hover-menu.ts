import { useCallback, useEffect, useRef, type KeyboardEvent, type PointerEvent } from 'react';
import { useSelector } from '@xstate/react';
import { menuScreen } from '@/machines/menu/menu.actors';
import { menuIntents } from '@/machines/menu/menu.intents';
import { selectIsMenuOpen, selectMenuFocus } from '@/machines/menu/menu.selectors';
import { useIntents } from '@/views/hooks/use-intents';
import { useScreenActor } from '@/views/hooks/use-screen-actor';

const ITEM_SELECTOR = ':is([role="menuitem"], [role="menuitemradio"]):not([aria-disabled="true"])';

/**
 * The menu-button pattern over the menu machine: the machine owns hover timing and open state,
 * this hook wires pointer, keyboard and focus (WAI-ARIA APG "Menu Button").
 */
export function useHoverMenu() {
  const actor = useScreenActor(menuScreen);
  const menu = useIntents(actor, menuIntents);
  const isOpen = useSelector(actor, selectIsMenuOpen);
  const focus = useSelector(actor, selectMenuFocus);
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);

  const items = () => Array.from(menuRef.current?.querySelectorAll<HTMLElement>(ITEM_SELECTOR) ?? []);

  useEffect(() => {
    if (!isOpen || focus === 'none') return;
    const list = items();
    (focus === 'last' ? list.at(-1) : list[0])?.focus();
  }, [isOpen, focus]);

  // A press anywhere outside closes the menu.
  useEffect(() => {
    if (!isOpen) return;
    const onPointerDown = (event: globalThis.PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) menu.close();
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [isOpen, menu]);

  const close = useCallback(
    (returnFocus: boolean) => {
      menu.close();
      if (returnFocus) triggerRef.current?.focus();
    },
    [menu],
  );

  // React derives enter and leave from pointerover/pointerout and the element the pointer came
  // from; when that element has just been removed (the page changed under a still mouse, as after
  // signing in), it can miss the enter, and the menu would not open until the pointer left and came
  // back. So the first move inside stands in for a missed enter; once inside, moving does not
  // reopen a menu that was closed (Escape, a choice) while the pointer stayed over it.
  const inside = useRef(false);
  const enter = () => {
    inside.current = true;
    menu.pointerEnter();
  };
  const rootProps = {
    ref: rootRef,
    onPointerEnter: (event: PointerEvent) => event.pointerType === 'mouse' && enter(),
    onPointerMove: (event: PointerEvent) => event.pointerType === 'mouse' && !inside.current && enter(),
    onPointerLeave: (event: PointerEvent) => {
      if (event.pointerType !== 'mouse') return;
      inside.current = false;
      menu.pointerLeave();
    },
  };

  const triggerProps = {
    ref: triggerRef,
    'aria-haspopup': 'menu' as const,
    'aria-expanded': isOpen,
    onClick: menu.toggle,
    onKeyDown: (event: KeyboardEvent) => {
      if (event.key === 'ArrowDown' || event.key === 'Enter' || event.key === ' ') {
        event.preventDefault();
        menu.openWithKeyboard('first');
      } else if (event.key === 'ArrowUp') {
        event.preventDefault();
        menu.openWithKeyboard('last');
      } else if (event.key === 'Escape' && isOpen) {
        event.preventDefault();
        close(false);
      }
    },
  };

  const menuProps = {
    ref: menuRef,
    role: 'menu' as const,
    onKeyDown: (event: KeyboardEvent) => {
      const list = items();
      const index = list.indexOf(document.activeElement as HTMLElement);
      const move = (next: number) => {
        event.preventDefault();
        list[(next + list.length) % list.length]?.focus();
      };
      switch (event.key) {
        case 'ArrowDown':
          return move(index + 1);
        case 'ArrowUp':
          return move(index - 1);
        case 'Home':
          return move(0);
        case 'End':
          return move(list.length - 1);
        case 'Escape':
          event.preventDefault();
          return close(true);
        case 'Tab':
          return close(false);
        case ' ':
          // Space activates a menu item like Enter does.
          event.preventDefault();
          (document.activeElement as HTMLElement | null)?.click();
          return;
        default: {
          // Type-ahead: the next item starting with the typed letter.
          if (event.key.length !== 1 || event.ctrlKey || event.metaKey || event.altKey) return;
          const letter = event.key.toLowerCase();
          const match = [...list.slice(index + 1), ...list.slice(0, index + 1)].find((el) =>
            (el.textContent ?? '').trim().toLowerCase().startsWith(letter),
          );
          match?.focus();
        }
      }
    },
  };

  return { isOpen, close, rootProps, triggerProps, menuProps };
}
