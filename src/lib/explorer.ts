// Its own module, not settings.ts: only lazy screens use it, so the first page does not carry it.

/**
 * The explorer playlist (spec §3): where a new learner and a demo visitor start. `/?playVideo=true`
 * opens its next entry playing; the dashboard offers it while nothing is in progress.
 */
export const EXPLORER_PLAYLIST_ID: string = import.meta.env.VITE_EXPLORER_PLAYLIST_ID ?? 'first-weeks-of-school-essentials';
/** The home shell's query (spec §2): `/?playVideo=true` plays the explorer playlist. */
export const PLAY_VIDEO_PARAM = 'playVideo';
/** Where "start here" goes: the explorer playlist's next entry, playing. */
export const START_HERE_PATH = `/?${PLAY_VIDEO_PARAM}=true`;
