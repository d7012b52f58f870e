import { onboardingScreen } from '@/machines/preferences/preferences.actors';
import { PreferencesWizard } from '@/views/preferences/preferences-wizard';

const TEXT = {
  title: "Welcome! Let's set up your learning",
  questions: { interests: 'What would you like to focus on?', audience: 'Who do you teach?', experience: 'How long have you been teaching?' },
  hints: {
    interests: 'Pick the areas you want to grow in. Choose an area to narrow it down; you can change this later in your profile.',
    audience: 'We use this to open the catalogue on what fits your classroom.',
    experience: 'Recommendations start where you are.',
  },
  finish: 'Finish',
};

/** A regular user's onboarding (spec §2). */
export const OnboardingPage = () => <PreferencesWizard screen={onboardingScreen} text={TEXT} />;
