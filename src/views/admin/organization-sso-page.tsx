import { useState } from 'react';
import { useParams } from 'react-router';
import { useSelector } from '@xstate/react';
import {
  DISCONNECT_FORM,
  disconnectSsoForm,
  saveSsoConnectionForm,
  ssoConnectionForm,
  ssoConnectionScreen,
  type Protocol,
  type SsoConnection,
  type SsoPage,
} from '@/machines/admin/admin-sso-connection';
import { formIntents } from '@/machines/form/form.intents';
import { selectIsSubmitting, selectValue } from '@/machines/form/form.selectors';
import { loadAtStart } from '@/machines/shared/resource';
import { resourceIntents } from '@/machines/shared/resource.intents';
import { selectHasResourceFailed, selectIsResourceSettled, selectResourceData } from '@/machines/shared/resource.selectors';
import { Link } from '@/views/components/link';
import { LoadError } from '@/views/components/load-error';
import { LoadingScreen } from '@/views/components/loading-screen';
import { TextField } from '@/views/components/form/text-field';
import { useForm } from '@/views/components/form/use-form';
import { useDocumentTitle } from '@/views/hooks/use-document-title';
import { useIntents } from '@/views/hooks/use-intents';
import { useScreenActor } from '@/views/hooks/use-screen-actor';
import { Button } from '@/views/layout/button';
import { DialogActions, ModalDialog } from '@/views/layout/modal-dialog';
import { AdminPage } from '@/views/admin/admin-shell';
import { checkRow } from '@/views/admin/catalog/catalog.css';
import * as styles from '@/views/admin/admin.css';
import { stack } from '@/views/components/page.css';

const PROTOCOLS: { id: Protocol; name: string; hint: string }[] = [
  { id: 'OIDC', name: 'OpenID Connect', hint: 'Google Workspace, Microsoft Entra ID, Clever, ClassLink' },
  { id: 'SAML', name: 'SAML 2.0', hint: 'ADFS, Shibboleth and other SAML identity providers' },
  { id: 'AUTH0', name: 'Auth0 Organization', hint: 'when the platform signs in with an Auth0 tenant: the Organization’s enterprise connection' },
];

const ISSUER_HINTS: Record<Protocol, string> = {
  OIDC: 'The issuer URL, like https://accounts.google.com or https://login.microsoftonline.com/<tenant>/v2.0.',
  SAML: 'The identity provider’s entity ID.',
  AUTH0: 'The Auth0 Organization’s id, like org_Ab12Cd34 (Auth0 dashboard › Organizations).',
};

/** An organization's single sign-on: the connection to its identity provider, and what to register there. */
export function AdminOrganizationSsoPage() {
  const { id = '' } = useParams();
  const resource = useScreenActor(ssoConnectionScreen, { input: loadAtStart({ id }) });
  const settled = useSelector(resource, selectIsResourceSettled);
  const failed = useSelector(resource, selectHasResourceFailed);
  const data = useSelector(resource, selectResourceData) as SsoPage | null;
  const { retry } = useIntents(resource, resourceIntents);
  useDocumentTitle(`Single sign-on${data ? ` of ${data.organizationName}` : ''} · Platform admin`);

  if (!settled) return <LoadingScreen label="Loading the sign-in connection" />;
  if (failed || !data) {
    return (
      <AdminPage title="Single sign-on">
        <LoadError onRetry={retry} />
      </AdminPage>
    );
  }
  return <ConnectionEditor organizationId={id} organizationName={data.organizationName} connection={data.connection} />;
}

function ConnectionEditor({ organizationId, organizationName, connection }: { organizationId: string; organizationName: string; connection: SsoConnection | null }) {
  const form = useScreenActor(saveSsoConnectionForm, { input: ssoConnectionForm(organizationId, connection) });
  const { onSubmit } = useForm(form);
  const { change } = useIntents(form, formIntents);
  const protocol = useSelector(form, selectValue('protocol')) as Protocol;
  const allowPasswords = useSelector(form, selectValue('allowPasswords')) === true;
  const submitting = useSelector(form, selectIsSubmitting);
  const [confirming, setConfirming] = useState(false);
  const oidc = protocol === 'OIDC';
  const sp = connection?.serviceProvider;

  return (
    <>
      <Link to={`/admin/organizations/${organizationId}`} className={styles.back}>
        ← {organizationName}
      </Link>
      <AdminPage
        title="Single sign-on"
        lead={`Teachers of ${organizationName} whose address is in these domains sign in with the accounts it gives them: the sign-in page sends them to its identity provider, and their first sign-in makes their account. A district’s connection covers its schools.`}
      >
        <div className={styles.detailGrid}>
          <form className={`${stack} ${styles.card}`} onSubmit={onSubmit} noValidate aria-labelledby="sso-settings">
            <h2 id="sso-settings" className={styles.cardTitle}>
              Identity provider
            </h2>
            <fieldset className={styles.choiceGroup}>
              <legend className={styles.fieldLabel}>Protocol</legend>
              {PROTOCOLS.map((p) => (
                <label key={p.id} className={checkRow}>
                  <input type="radio" name="protocol" value={p.id} checked={protocol === p.id} onChange={() => change('protocol', p.id)} />
                  <span>
                    {p.name} <span className={styles.small}>({p.hint})</span>
                  </span>
                </label>
              ))}
            </fieldset>
            <TextField form={form} name="displayName" autoComplete="off" hint="Teachers read it on the way: “Continue with Northwind Google Workspace”." />
            <TextField form={form} name="issuer" autoComplete="off" hint={ISSUER_HINTS[protocol]} />
            {oidc && (
              <>
                <TextField form={form} name="clientId" autoComplete="off" />
                <TextField
                  form={form}
                  name="clientSecret"
                  type="password"
                  autoComplete="new-password"
                  hint={connection?.hasClientSecret ? 'Saved. Leave empty to keep it; it is never shown again.' : 'From the app you registered at the provider.'}
                />
              </>
            )}
            {protocol === 'SAML' && (
              <>
                <TextField form={form} name="ssoUrl" autoComplete="off" inputMode="url" hint="Its single sign-on URL (HTTP-Redirect binding)." />
                <TextField form={form} name="certificate" rows={6} hint="Its signing certificate, PEM (-----BEGIN CERTIFICATE-----)." />
              </>
            )}
            <TextField form={form} name="domains" autoComplete="off" hint="Separated by commas, like northwind.org, staff.northwind.org. Their subdomains are included." />
            <TextField
              form={form}
              name="schoolClaim"
              autoComplete="off"
              hint={`The ${oidc ? 'claim' : 'attribute'} that names a teacher’s school, by name or SIS sourcedId. Empty: new teachers join the organization itself.`}
            />
            <label className={checkRow}>
              <input type="checkbox" name="allowPasswords" checked={allowPasswords} onChange={(event) => change('allowPasswords', event.target.checked)} />
              Passwords keep working too, during a switch-over
            </label>
            <div className={styles.actionRow}>
              <Button type="submit" disabled={submitting}>
                {submitting ? 'Saving…' : connection ? 'Save changes' : 'Connect'}
              </Button>
              {connection && (
                <Button tone="secondary" className={styles.danger} onClick={() => setConfirming(true)}>
                  Disconnect
                </Button>
              )}
            </div>
          </form>
          <section className={styles.card} aria-labelledby="sso-register">
            <h2 id="sso-register" className={styles.cardTitle}>
              Register the platform at the provider
            </h2>
            {sp ? (
              <dl className={styles.facts}>
                <dt>Redirect URI (OpenID Connect)</dt>
                <dd className={styles.changeValue}>{sp.redirectUri}</dd>
                <dt>Entity ID (SAML)</dt>
                <dd className={styles.changeValue}>{sp.entityId}</dd>
                <dt>ACS URL (SAML, HTTP-POST)</dt>
                <dd className={styles.changeValue}>{sp.acsUrl}</dd>
                <dt>Metadata (SAML)</dt>
                <dd className={styles.changeValue}>
                  <a href={sp.metadataUrl}>{sp.metadataUrl}</a>
                </dd>
              </dl>
            ) : (
              <p className={styles.muted}>
                OpenID Connect: register the redirect URI <span className={styles.changeValue}>/u/sso/oidc/callback</span> on this site’s address. SAML: import the metadata at{' '}
                <a href="/u/sso/saml/metadata">/u/sso/saml/metadata</a>. The full addresses show here once connected.
              </p>
            )}
          </section>
        </div>
      </AdminPage>
      {confirming && <DisconnectDialog organizationId={organizationId} onClose={() => setConfirming(false)} />}
    </>
  );
}

function DisconnectDialog({ organizationId, onClose }: { organizationId: string; onClose: () => void }) {
  const form = useScreenActor(disconnectSsoForm, { input: DISCONNECT_FORM(organizationId) });
  const { onSubmit } = useForm(form);
  const submitting = useSelector(form, selectIsSubmitting);
  return (
    <ModalDialog
      title="Disconnect single sign-on?"
      intro="Its teachers sign in with passwords again: those who never had one choose “Forgot password?” to get one. Their accounts and history stay."
      onClose={onClose}
      role="alertdialog"
    >
      <form onSubmit={onSubmit}>
        <DialogActions>
          <Button tone="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" className={styles.danger} disabled={submitting}>
            {submitting ? 'Disconnecting…' : 'Disconnect'}
          </Button>
        </DialogActions>
      </form>
    </ModalDialog>
  );
}
