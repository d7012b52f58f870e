import { setup } from 'xstate';
import { placeholderAction } from '@/machines/shared/placeholders';

// /community (spec §2): the external community opens in a new tab as the page opens; the page
// itself offers the link again in case the browser blocked the tab.

export const communityMachine = setup({
  actions: {
    openCommunity: placeholderAction('openCommunity'),
  },
}).createMachine({
  id: 'community',
  entry: 'openCommunity',
});
