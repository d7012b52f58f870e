import { personalizeScreen } from '@/machines/preferences/preferences.actors';
import { PreferencesWizard } from '@/views/preferences/preferences-wizard';

const TEXT = {
  title: 'Personalize your demo',
  questions: { interests: 'What would you like to explore?', audience: 'Who do you teach?' },
  hints: {
    interests: 'Pick the areas you want to explore. Choose an area to narrow it down.',
    audience: 'The catalogue opens on what fits your classroom.',
  },
  finish: 'Start exploring',
};

/** A demo user's personalization (spec §2, §4 step 4). */
export const PersonalizePage = () => <PreferencesWizard screen={personalizeScreen} text={TEXT} />;
