import { compareScreens, inEducatorShard, SCREENS } from './screens';

// The visual suite's first shard (project visual-1): see screens.ts.
compareScreens(SCREENS.filter(inEducatorShard));
