import { inviteUser, resendInvitation } from '@/api/operations';
import { EMAIL_RULES, NAME_RULES } from '@/lib/validation/fields';
import { defineForm } from '@/machines/form/form.actors';
import type { FormInput } from '@/machines/form/form.types';
import { bindIntents } from '@/machines/shared/intents';
import { snackbarIntents } from '@/machines/snackbar/snackbar.intents';
import { ownOrganizationId } from './usage.actors';
import type { School } from './school-search.machine';
import type { Member } from './usage.types';

// Invite an Educator (spec §2, §5): e-mail required and valid, names required, 2 to 50
// characters; an e-mail that already has an account is refused by the server (409) and its
// message shows under Email. The invitation goes to the picked school, else the admin's own
// organization (spec §6).

/** The server's codes for an e-mail that is taken (openapi.yaml inviteUser 409). */
export const INVITE_FIELD_ERRORS = { ALREADY_MEMBER: 'email', ACCOUNT_EXISTS: 'email' } as const;

export const inviteFormInput = (school: School | null): FormInput => ({
  fields: {
    email: { rules: EMAIL_RULES },
    firstName: { rules: NAME_RULES },
    lastName: { rules: NAME_RULES },
    organizationId: {},
  },
  values: { organizationId: school?.id ?? '' },
  serverFieldErrors: INVITE_FIELD_ERRORS,
});

export const inviteForm = defineForm('inviteForm', {
  submit: (services, values, signal) =>
    inviteUser(
      services.api,
      String(values.organizationId || ownOrganizationId(services)),
      { email: String(values.email).trim(), firstName: String(values.firstName).trim(), lastName: String(values.lastName).trim() },
      { signal },
    ),
  submitted: (services, { result }) => {
    bindIntents(services.actors.snackbar, snackbarIntents).show({ message: `Invitation sent to ${(result as Member).email}`, variant: 'success' });
    services.live.get('usage')?.send({ type: 'usage.invited' });
  },
});

/** One member's invitation, sent again with a new link. */
export const resendInvitationInput = (member: Pick<Member, 'id' | 'organizationId'>): FormInput => ({
  fields: { organizationId: {}, userId: {} },
  values: { organizationId: member.organizationId ?? '', userId: member.id },
});

export const resendInvitationForm = defineForm('resendInvitationForm', {
  submit: ({ api }, values, signal) => resendInvitation(api, { id: String(values.organizationId), userId: String(values.userId) }, { signal }),
  submitted: (services, { result }) => {
    bindIntents(services.actors.snackbar, snackbarIntents).show({ message: `Invitation sent again to ${(result as Member).email}`, variant: 'success' });
    services.live.get('usage')?.send({ type: 'usage.membersChanged' });
  },
});
