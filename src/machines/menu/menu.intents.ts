import type { MenuEvent, MenuFocus } from './menu.machine';

/** What pointer, keyboard and presses do to a menu. */
export const menuIntents = (send: (event: MenuEvent) => void) => ({
  pointerEnter: () => send({ type: 'menu.pointerEnter' }),
  pointerLeave: () => send({ type: 'menu.pointerLeave' }),
  openWithKeyboard: (focus: MenuFocus) => send({ type: 'menu.open', focus, by: 'keyboard' }),
  toggle: () => send({ type: 'menu.toggle' }),
  close: () => send({ type: 'menu.close' }),
});
