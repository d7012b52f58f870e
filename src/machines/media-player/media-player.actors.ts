import { assign } from 'xstate';
import { defineScreen } from '@/machines/shared/screen';
import { parseRate } from './media-player.logic';
import { mediaPlayerMachine } from './media-player.machine';
import type { PlaybackRate } from './media-player.types';

// The player's one effect: the learner's speed, remembered in this browser for the signed-in
// user (docs/decisions.md, "Playback speed"), so another account on the same browser keeps its own.

export const mediaPlayerScreen = defineScreen('mediaPlayer', ({ actors, browser }) => {
  const key = () => `elp.playbackRate.${actors.identity.getSnapshot().context.user?.id ?? 'anonymous'}`;
  return mediaPlayerMachine.provide({
    actions: {
      recallRate: assign({ rate: () => parseRate(browser.remembered.get(key())) ?? 1 }),
      rememberRate: (_, params: { rate: PlaybackRate }) => browser.remembered.set(key(), String(params.rate)),
    },
  });
});
