import { assign, setup } from 'xstate';

// A menu that opens on hover after a pause and closes a little after the pointer leaves
// (spec §9: open 300 ms, close 250 ms), and at once for clicks and keys. A menu opened by a
// press or a key stays open when the pointer wanders off; only a hover-opened one follows it.

export const MENU_OPEN_DELAY = 300;
export const MENU_CLOSE_DELAY = 250;

export type MenuFocus = 'first' | 'last' | 'none';
export type MenuOpener = 'hover' | 'press' | 'keyboard';

export type MenuEvent =
  | { type: 'menu.pointerEnter' }
  | { type: 'menu.pointerLeave' }
  | { type: 'menu.open'; focus?: MenuFocus; by?: Exclude<MenuOpener, 'hover'> }
  | { type: 'menu.toggle' }
  | { type: 'menu.close' };

type MenuContext = { openedBy: MenuOpener | null; focus: MenuFocus };

export const menuMachine = setup({
  types: { context: {} as MenuContext, events: {} as MenuEvent },
  delays: { openDelay: MENU_OPEN_DELAY, closeDelay: MENU_CLOSE_DELAY },
  guards: {
    openedByHover: ({ context }) => context.openedBy === 'hover',
  },
  actions: {
    markHover: assign({ openedBy: 'hover', focus: 'none' }),
    markPress: assign({ openedBy: 'press', focus: 'none' }),
    markOpen: assign(({ event }) =>
      event.type === 'menu.open' ? { openedBy: event.by ?? 'keyboard', focus: event.focus ?? 'first' } : {},
    ),
    reset: assign({ openedBy: null, focus: 'none' }),
  },
}).createMachine({
  id: 'menu',
  context: { openedBy: null, focus: 'none' },
  initial: 'closed',
  states: {
    closed: {
      entry: 'reset',
      on: {
        'menu.pointerEnter': 'opening',
        'menu.open': { target: 'open', actions: 'markOpen' },
        'menu.toggle': { target: 'open', actions: 'markPress' },
      },
    },
    opening: {
      after: { openDelay: { target: 'open', actions: 'markHover' } },
      on: {
        'menu.pointerLeave': 'closed',
        'menu.open': { target: 'open', actions: 'markOpen' },
        'menu.toggle': { target: 'open', actions: 'markPress' },
        'menu.close': 'closed',
      },
    },
    open: {
      tags: ['visible'],
      on: {
        'menu.pointerLeave': { guard: 'openedByHover', target: 'closing' },
        'menu.open': { actions: 'markOpen' },
        // A click on a menu the hover already opened keeps it open (now by press).
        'menu.toggle': [{ guard: 'openedByHover', actions: 'markPress' }, { target: 'closed' }],
        'menu.close': 'closed',
      },
    },
    closing: {
      tags: ['visible'],
      after: { closeDelay: 'closed' },
      on: {
        'menu.pointerEnter': 'open',
        'menu.open': { target: 'open', actions: 'markOpen' },
        'menu.toggle': { target: 'open', actions: 'markPress' },
        'menu.close': 'closed',
      },
    },
  },
});

export type MenuMachine = typeof menuMachine;
