import type { SnapshotFrom } from 'xstate';
import type { MenuMachine, MenuFocus } from '@/machines/menu/menu.machine';

type MenuSnapshot = SnapshotFrom<MenuMachine>;

/** The menu is on screen while open and during the close delay. */
export const selectIsMenuOpen = (snapshot: MenuSnapshot): boolean => snapshot.hasTag('visible');
/** Which item takes focus when the menu opens (keyboard opens focus an item, hover does not). */
export const selectMenuFocus = (snapshot: MenuSnapshot): MenuFocus => snapshot.context.focus;
