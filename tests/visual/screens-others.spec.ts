import { compareScreens, inEducatorShard, SCREENS } from './screens';

// The visual suite's second shard (project visual-2): see screens.ts.
compareScreens(SCREENS.filter((screen) => !inEducatorShard(screen)));
