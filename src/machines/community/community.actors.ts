import { COMMUNITY_URL } from '@/lib/settings';
import { defineScreen } from '@/machines/shared/screen';
import { communityMachine } from './community.machine';

export const communityScreen = defineScreen('community', ({ browser }) =>
  communityMachine.provide({ actions: { openCommunity: () => browser.openExternal(COMMUNITY_URL) } }),
);
