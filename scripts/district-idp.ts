import { parseArgs } from 'node:util';
import { startOidcIdp } from '../tests/support/district-idp.ts';

// A district's identity provider for trying district sign-in on a developer's machine (README,
// "District sign-in"): an OpenID provider on 127.0.0.1 that signs in any address of the district's
// domain at once, as a teacher of one of its schools. A sandbox: it asks for no password.

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '4000' },
    app: { type: 'string', default: process.env.PUBLIC_URL ?? 'http://localhost:3000' },
    domain: { type: 'string', default: 'northwind.example.org' },
    school: { type: 'string', default: 'Maple Grove Elementary' },
  },
});

const idp = await startOidcIdp({
  redirectUri: `${values.app.replace(/\/$/, '')}/u/sso/oidc/callback`,
  directory: {},
  anyAddressOf: { domain: values.domain, school: values.school },
  port: Number(values.port),
  clientSecret: 'district-sandbox-secret',
});

console.log(`District identity provider (sandbox) for ${values.domain}, answering ${values.app}:

  Issuer         ${idp.issuer}
  Client ID      ${idp.clientId}
  Client secret  ${idp.clientSecret}
  School claim   school  (new teachers join ${values.school})

Connect the district in the admin site (Organizations › the district › Single sign-on) with these,
then sign in at ${values.app}/login with any address @${values.domain}. Ctrl-C stops it.`);

process.on('SIGINT', () => void idp.close().then(() => process.exit(0)));
