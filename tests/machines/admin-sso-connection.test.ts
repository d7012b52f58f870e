import { describe, expect, it } from 'vitest';
import { connectionInput, parseDomains, ssoConnectionForm } from '@/machines/admin/admin-sso-connection';

// The single sign-on form of the admin site: what it starts with, and what it sends.

describe('the single sign-on form', () => {
  it('reads domains as an admin types them: commas, spaces, lines, "@", any case, each once', () => {
    expect(parseDomains(' @Riverbend.org, staff.riverbend.org\nriverbend.org;  ')).toEqual(['riverbend.org', 'staff.riverbend.org']);
    expect(parseDomains('')).toEqual([]);
  });

  it("starts from the saved connection, the secret never filled in, or from OpenID Connect's empty form", () => {
    const empty = ssoConnectionForm('org-1', null).values!;
    expect(empty).toMatchObject({ organizationId: 'org-1', protocol: 'OIDC', displayName: '', domains: '', allowPasswords: false, clientSecret: '' });
    const saved = ssoConnectionForm('org-1', {
      organizationId: 'org-1',
      protocol: 'SAML',
      displayName: 'Lakeside ADFS',
      issuer: 'https://adfs.lakeside.org/adfs/services/trust',
      clientId: null,
      hasClientSecret: false,
      ssoUrl: 'https://adfs.lakeside.org/adfs/ls/',
      certificate: '-----BEGIN CERTIFICATE-----',
      domains: ['lakeside.org', 'staff.lakeside.org'],
      schoolClaim: 'school',
      allowPasswords: true,
      updatedAt: '2026-12-04T10:00:00.000Z',
      serviceProvider: { redirectUri: 'r', entityId: 'e', acsUrl: 'a', metadataUrl: 'm' },
    }).values!;
    expect(saved).toMatchObject({ protocol: 'SAML', domains: 'lakeside.org, staff.lakeside.org', allowPasswords: true, clientSecret: '', schoolClaim: 'school' });
  });

  it("sends the protocol's own details only, and a secret only when one was typed", () => {
    const values = {
      organizationId: 'org-1',
      protocol: 'OIDC',
      displayName: ' Riverbend Google ',
      issuer: 'https://accounts.google.com ',
      clientId: 'abc',
      clientSecret: '',
      ssoUrl: 'https://left.over/from/saml',
      certificate: 'left over',
      domains: 'riverbend.org',
      schoolClaim: '',
      allowPasswords: false,
    };
    expect(connectionInput(values)).toEqual({
      protocol: 'OIDC',
      displayName: 'Riverbend Google',
      issuer: 'https://accounts.google.com',
      clientId: 'abc',
      domains: ['riverbend.org'],
      schoolClaim: null,
      allowPasswords: false,
    });
    expect(connectionInput({ ...values, clientSecret: 'typed' })).toMatchObject({ clientSecret: 'typed' });
    expect(connectionInput({ ...values, protocol: 'SAML', schoolClaim: 'school' })).toEqual({
      protocol: 'SAML',
      displayName: 'Riverbend Google',
      issuer: 'https://accounts.google.com',
      ssoUrl: 'https://left.over/from/saml',
      certificate: 'left over',
      domains: ['riverbend.org'],
      schoolClaim: 'school',
      allowPasswords: false,
    });
  });
});
