import { getPasswordChangeUrl, sendVerificationEmail, updateProfile } from '@/api/operations';
import { NAME_RULES } from '@/lib/validation/fields';
import { minSelection, required } from '@/lib/validation/rules';
import { defineForm } from '@/machines/form/form.actors';
import type { FormInput, FormValues } from '@/machines/form/form.types';
import type { AppServices } from '@/machines/root/app-services';
import type { ExperienceLevel, Profile, User } from '@/machines/shared/domain';
import { identityIntents } from '@/machines/identity/identity.intents';
import { profileIntents } from '@/machines/profile/profile.intents';
import { bindIntents } from '@/machines/shared/intents';
import { snackbarIntents } from '@/machines/snackbar/snackbar.intents';

// The forms of the profile page: the name (spec §5: required, 2 to 50 characters), the learning
// preferences, and the password change, which hands the user to the signed change page.

export const nameFormInput = (user: Pick<User, 'firstName' | 'lastName'>): FormInput => ({
  fields: { firstName: { rules: NAME_RULES }, lastName: { rules: NAME_RULES } },
  values: { firstName: user.firstName, lastName: user.lastName },
});

export const preferencesFormInput = (profile: Pick<Profile, 'interestIds' | 'audienceId' | 'experienceLevel'>): FormInput => ({
  fields: {
    interestIds: { label: 'Interests', rules: [minSelection(1, 'interest')] },
    audienceId: { label: 'Audience', rules: [required()] },
    experienceLevel: { label: 'Experience', rules: [required()] },
  },
  values: { interestIds: [...profile.interestIds], audienceId: profile.audienceId, experienceLevel: profile.experienceLevel },
});

const saved = ({ actors }: AppServices, profile: Profile, message: string) => {
  bindIntents(actors.profile, profileIntents).set(profile);
  bindIntents(actors.snackbar, snackbarIntents).show({ message, variant: 'success' });
};

/** First and last name: the profile and the signed-in user (the navigation bar) both change. */
export const nameForm = defineForm('nameForm', {
  submit: ({ api }, values, signal) =>
    updateProfile(api, { firstName: String(values.firstName).trim(), lastName: String(values.lastName).trim() }, { signal }),
  submitted: (services, { result }) => {
    const profile = result as Profile;
    const user = services.actors.identity.getSnapshot().context.user;
    if (user) {
      const fullName = `${profile.firstName} ${profile.lastName}`.trim();
      bindIntents(services.actors.identity, identityIntents).loaded({ ...user, firstName: profile.firstName, lastName: profile.lastName, fullName });
    }
    saved(services, profile, 'Your name was saved');
  },
});

export const preferencesForm = defineForm('preferencesForm', {
  submit: ({ api }, values: FormValues, signal) =>
    updateProfile(
      api,
      {
        interestIds: values.interestIds as string[],
        audienceId: values.audienceId as string,
        experienceLevel: values.experienceLevel as ExperienceLevel,
      },
      { signal },
    ),
  submitted: (services, { result }) => saved(services, result as Profile, 'Your preferences were saved'),
});

/** How long the signed password-change link stays valid, in seconds. */
export const PASSWORD_LINK_TTL = 900;

export const PASSWORD_CHANGE_FORM: FormInput = { fields: {} };

/** Asks for a signed, single-use link and opens it: the change happens on that page. */
export const passwordChangeForm = defineForm('passwordChangeForm', {
  submit: ({ api }, _values, signal) => getPasswordChangeUrl(api, { returnUrl: '/profile', ttl: PASSWORD_LINK_TTL }, { signal }),
  submitted: ({ browser }, { result }) => browser.leaveTo((result as { url: string }).url),
});

export const VERIFICATION_EMAIL_FORM: FormInput = { fields: {} };

/** A new link that confirms the e-mail address (the first one expired, or went to spam). */
export const verificationEmailForm = defineForm('verificationEmailForm', {
  submit: ({ api }, _values, signal) => sendVerificationEmail(api, { signal }),
  submitted: ({ actors }) => {
    const email = actors.identity.getSnapshot().context.user?.email ?? 'your address';
    bindIntents(actors.snackbar, snackbarIntents).show({ message: `We sent a new link to ${email}`, variant: 'success' });
  },
});
