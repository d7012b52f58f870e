import { onboardingScreen } from '@/machines/preferences/preferences.actors';
import { PreferencesWizard } from '@/views/preferences/preferences-wizard';

const TEXT = {
  title: "Welcome! Let's set up your learning",
  questions: { interests: 'What would you like to focus on?', audience: 'Who do you teach?', experience: 'How long have you been teaching?' },
  finish: 'Finish',
};

/** A regular user's onboarding (spec §2). */
export const OnboardingPage = () => <PreferencesWizard screen={onboardingScreen} text={TEXT} />;
