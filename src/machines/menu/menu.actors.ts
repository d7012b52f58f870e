import { defineScreen } from '@/machines/shared/screen';
import { menuMachine } from './menu.machine';

/** A hover menu has no effects of its own: one actor per open menu. */
export const menuScreen = defineScreen('menu', () => menuMachine);
