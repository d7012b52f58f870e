import { adminDeleteSsoConnection, adminGetOrganization, adminGetSsoConnection, adminSaveSsoConnection, type SsoConnection, type SsoConnectionInput } from '@/api/operations/admin-organizations';
import { required } from '@/lib/validation/rules';
import { defineForm } from '@/machines/form/form.actors';
import type { FormInput, FormValues } from '@/machines/form/form.types';
import { createResourceMachine, withFetch } from '@/machines/shared/resource';
import { bindIntents } from '@/machines/shared/intents';
import { defineScreen } from '@/machines/shared/screen';
import { snackbarIntents } from '@/machines/snackbar/snackbar.intents';
import type { AppServices } from '@/machines/root/app-services';

// District sign-in in the admin site: an organization's connection to its identity provider,
// loaded (null: none yet), edited on the form machine and saved; or removed. Both go back to the
// organization's page, which shows the connection, with the outcome in the snackbar.

/** The page's data: whose connection it is, and the connection (null: none yet). */
export type SsoPage = { organizationName: string; connection: SsoConnection | null };

export const ssoConnectionMachine = createResourceMachine<SsoPage, { id: string }>({ id: 'adminSsoConnection' });
export const ssoConnectionScreen = defineScreen('adminSsoConnection', ({ api }) =>
  withFetch(ssoConnectionMachine, async (params, signal) => {
    const [organization, connection] = await Promise.all([adminGetOrganization(api, params.id, { signal }), adminGetSsoConnection(api, params.id, { signal })]);
    return { organizationName: organization.name, connection };
  }),
);

export type Protocol = SsoConnectionInput['protocol'];
export type { SsoConnection };

/** Domains as an admin types them: separated by commas, spaces or lines, with or without "@". */
export function parseDomains(text: string): string[] {
  return [...new Set(text.split(/[\s,;]+/).map((d) => d.trim().toLowerCase().replace(/^@/, '')).filter(Boolean))];
}

/** The form's fields; which of them a protocol needs is checked by the server (its messages show under the field). */
export function ssoConnectionForm(organizationId: string, connection: SsoConnection | null): FormInput {
  return {
    fields: {
      organizationId: {},
      protocol: {},
      displayName: { label: 'Name on the sign-in page', rules: [required()] },
      issuer: { rules: [required()] },
      clientId: { label: 'Client ID' },
      clientSecret: { label: 'Client secret' },
      ssoUrl: { label: 'Sign-in URL' },
      certificate: { label: 'Signing certificate' },
      domains: { label: 'E-mail domains', rules: [required()] },
      schoolClaim: { label: 'School claim' },
      allowPasswords: { label: 'Passwords keep working too (switch-over)' },
    },
    values: {
      organizationId,
      protocol: connection?.protocol ?? 'OIDC',
      displayName: connection?.displayName ?? '',
      issuer: connection?.issuer ?? '',
      clientId: connection?.clientId ?? '',
      clientSecret: '',
      ssoUrl: connection?.ssoUrl ?? '',
      certificate: connection?.certificate ?? '',
      domains: connection?.domains.join(', ') ?? '',
      schoolClaim: connection?.schoolClaim ?? '',
      allowPasswords: connection?.allowPasswords ?? false,
    },
    serverFieldErrors: {
      INVALID_DOMAIN: 'domains',
      SHARED_DOMAIN: 'domains',
      CLIENT_SECRET_REQUIRED: 'clientSecret',
      DOMAIN_TAKEN: 'domains',
      INVALID_URL: 'issuer',
      INVALID_AUTH0_ORGANIZATION: 'issuer',
      AUTH0_NOT_CONFIGURED: 'issuer',
      INVALID_CERTIFICATE: 'certificate',
      CLIENT_ID_REQUIRED: 'clientId',
      SAML_DETAILS_REQUIRED: 'ssoUrl',
      DISPLAY_NAME_REQUIRED: 'displayName',
    },
  };
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** What the form sends: the protocol's own details only, and the secret only when one was typed. */
export function connectionInput(values: FormValues): SsoConnectionInput {
  const protocol: Protocol = values.protocol === 'SAML' || values.protocol === 'AUTH0' ? values.protocol : 'OIDC';
  const oidc = protocol === 'OIDC';
  const saml = protocol === 'SAML';
  return {
    protocol,
    displayName: text(values.displayName),
    issuer: text(values.issuer),
    domains: parseDomains(text(values.domains)),
    schoolClaim: text(values.schoolClaim) || null,
    allowPasswords: values.allowPasswords === true,
    ...(oidc && text(values.clientId) && { clientId: text(values.clientId) }),
    ...(oidc && text(values.clientSecret) && { clientSecret: text(values.clientSecret) }),
    ...(saml && text(values.ssoUrl) && { ssoUrl: text(values.ssoUrl) }),
    ...(saml && text(values.certificate) && { certificate: text(values.certificate) }),
  };
}

const backToOrganization = (services: AppServices, organizationId: string, message: string) => {
  bindIntents(services.actors.snackbar, snackbarIntents).show({ message, variant: 'success' });
  services.router.navigate(`/admin/organizations/${organizationId}`);
};

export const saveSsoConnectionForm = defineForm('adminSaveSsoConnection', {
  submit: ({ api }, values, signal) => adminSaveSsoConnection(api, String(values.organizationId), connectionInput(values), { signal }),
  submitted: (services, { values }) => backToOrganization(services, String(values.organizationId), 'Single sign-on saved'),
});

export const DISCONNECT_FORM = (organizationId: string): FormInput => ({ fields: { organizationId: {} }, values: { organizationId } });

export const disconnectSsoForm = defineForm('adminDisconnectSso', {
  submit: ({ api }, values, signal) => adminDeleteSsoConnection(api, String(values.organizationId), { signal }),
  submitted: (services, { values }) => backToOrganization(services, String(values.organizationId), 'Single sign-on removed: its domains sign in with passwords again'),
});
