import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { startOidcIdp, startSamlIdpServer, type OidcIdp, type SamlIdp } from '../support/district-idp.ts';
import { createDistrictWithSeats, expectAccessible, expectSnackbar, recordSnackbars } from './support';

// District sign-in in Chromium: the platform admin opens a district and connects it to its
// identity provider (a second OpenID provider this test starts, on its own host name) in the admin
// site; a teacher of the district's domain then signs in from the product's /login with their
// address alone, goes to the district's sign-in and back, and starts onboarding in a new account.
// The provider's own sign-in page sends such an address on too. Disconnecting gives the domain
// its passwords back.

// A run of its own (a retry, or --repeat-each, finds the last run's district and domain taken).
const RUN = randomUUID().slice(0, 6);
const DISTRICT = `Riverbend Unified ${RUN}`;
const DOMAIN = `riverbend-${RUN}.example.org`;
const TEACHER = `ada.lovelace@${DOMAIN}`;
const SECOND_TEACHER = `grace.hopper@${DOMAIN}`;
const SAML_TEACHER = `katherine.johnson@${DOMAIN}`;

test.use({ viewport: { width: 1280, height: 800 } });

let idp: OidcIdp;
let samlIdp: SamlIdp;

test.beforeAll(async () => {
  idp = await startOidcIdp({
    redirectUri: `${test.info().project.use.baseURL}/u/sso/oidc/callback`,
    directory: {
      [TEACHER]: { subject: 'rb-ada', givenName: 'Ada', familyName: 'Lovelace' },
      [SECOND_TEACHER]: { subject: 'rb-grace', givenName: 'Grace', familyName: 'Hopper' },
    },
  });
  samlIdp = await startSamlIdpServer({
    directory: { [SAML_TEACHER]: { subject: SAML_TEACHER, givenName: 'Katherine', familyName: 'Johnson' } },
    tamperAs: TEACHER,
  });
});

test.afterAll(async () => {
  await idp?.close();
  samlIdp?.close();
});

test('a district connected to its identity provider signs its teachers in with their district accounts', async ({ page, browser }) => {
  test.setTimeout(180_000);
  await recordSnackbars(page);
  const { organizationUrl, subscription } = await createDistrictWithSeats(page, DISTRICT, 5);

  // The organization's page says it has no single sign-on, and leads to setting it up.
  const details = page.getByRole('region', { name: 'Details' });
  await details.getByRole('link', { name: 'Not connected: set up' }).click();
  await expect(page.getByRole('heading', { name: 'Single sign-on', level: 1 })).toBeVisible();
  await expect(page.getByRole('radio', { name: /OpenID Connect/ })).toBeChecked();
  await expectAccessible(page);

  // A missing client ID is the server's refusal, under its field; nothing is saved.
  await page.getByLabel('Name on the sign-in page').fill('Riverbend Google');
  await page.getByLabel('Issuer').fill(idp.issuer);
  await page.getByLabel('E-mail domains').fill(`@${DOMAIN}`);
  await page.getByRole('button', { name: 'Connect' }).click();
  await expect(page.getByText('An OpenID Connect connection needs its client ID')).toBeVisible();
  await page.getByLabel('Client ID').fill(idp.clientId);
  await page.getByLabel('Client secret').fill(idp.clientSecret);
  await page.getByRole('button', { name: 'Connect' }).click();
  await expectSnackbar(page, 'Single sign-on saved');
  await expect(page).toHaveURL(organizationUrl);
  await expect(details.getByRole('link', { name: `Riverbend Google (${DOMAIN})` })).toBeVisible();

  // A teacher signs in from /login with their address alone: the district's provider signs them
  // in and they come back to a new account, onboarding ahead.
  const teacher = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const teacherPage = await teacher.newPage();
  // Where the round trip went and what failed on the way, printed should it not end at onboarding.
  const journey: string[] = [];
  teacherPage.on('framenavigated', (frame) => void (frame === teacherPage.mainFrame() && journey.push(`navigated ${frame.url()}`)));
  teacherPage.on('response', (response) => void (response.status() >= 400 && journey.push(`${response.status()} ${response.request().method()} ${response.url()}`)));
  teacherPage.on('console', (message) => void (message.type() === 'error' && journey.push(`console ${message.text()}`)));

  await teacherPage.goto('/login');
  await teacherPage.getByLabel('Email').fill(TEACHER);
  // Enter submits the form (as a teacher would): no pointer that a late reflow could land on the button beside it.
  await teacherPage.getByLabel('Email').press('Enter');
  try {
    await expect(teacherPage).toHaveURL(/\/onboarding$/, { timeout: 20_000 });
  } catch (error) {
    console.log(`The teacher's journey:\n${journey.join('\n')}`);
    throw error;
  }
  await expect(teacherPage.getByRole('heading', { name: 'What would you like to focus on?' })).toBeVisible();
  expect(idp.signIns).toBe(1);
  await teacher.close();

  // The provider's own sign-in page ("Sign in with your school account") sends the address on.
  const second = await browser.newContext({ viewport: { width: 375, height: 800 } });
  const secondPage = await second.newPage();
  await secondPage.goto('/login');
  await secondPage.getByRole('button', { name: 'Sign in with your school account' }).click();
  // The provider's page (the app's /login has a "Sign in" heading too: wait for the address to change).
  await expect(secondPage).toHaveURL(/\/u\/[\w-]+$/);
  await expect(secondPage.getByRole('heading', { name: 'Sign in', level: 1 })).toBeVisible();
  await secondPage.getByLabel('Email').fill(SECOND_TEACHER);
  // A password typed for a district's address is not what signs it in: the district does.
  await secondPage.getByLabel('Password').fill('Welcome-2026!');
  await secondPage.getByRole('button', { name: 'Continue' }).click();
  await expect(secondPage).toHaveURL(/\/onboarding$/, { timeout: 20_000 });
  expect(idp.signIns).toBe(2);
  await second.close();

  // The two teachers are the district's members now, and take two of its seats.
  await page.goto(organizationUrl);
  await expect(subscription.getByText('2 of 5 used')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Members' }).getByText(TEACHER)).toBeVisible();
  // The saved secret is never shown again.
  await details.getByRole('link', { name: `Riverbend Google (${DOMAIN})` }).click();
  await expect(page.getByLabel('Client secret')).toHaveValue('');
  await expect(page.getByText('Saved. Leave empty to keep it')).toBeVisible();
  await page.getByRole('link', { name: `← ${DISTRICT}` }).click();

  // The district moves to its SAML IdP: the same page, the other protocol.
  await details.getByRole('link', { name: `Riverbend Google (${DOMAIN})` }).click();
  await page.getByRole('radio', { name: /SAML 2.0/ }).check();
  await page.getByLabel('Name on the sign-in page').fill('Riverbend ADFS');
  await page.getByLabel('Issuer').fill(samlIdp.entityId);
  await page.getByLabel('Sign-in URL').fill(samlIdp.ssoUrl);
  await page.getByLabel('Signing certificate').fill(samlIdp.certificate);
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expectSnackbar(page, 'Single sign-on saved');
  await expect(details.getByRole('link', { name: `Riverbend ADFS (${DOMAIN})` })).toBeVisible();

  // A tampered answer (another teacher's address in the signed assertion) is refused, and signs nobody in.
  const saml = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const samlPage = await saml.newPage();
  await samlPage.goto('/login');
  await samlPage.getByLabel('Email').fill(SAML_TEACHER);
  await samlPage.getByLabel('Email').press('Enter');
  await expect(samlPage.getByRole('heading', { name: 'District sign-in' })).toBeVisible();
  await samlPage.getByRole('button', { name: 'Send a tampered answer' }).click();
  await expect(samlPage.getByRole('heading', { name: 'The district sign-in was not completed' })).toBeVisible();
  await expect(samlPage.getByText(/could not be verified/)).toBeVisible();
  // So is an answer signed for another product (another audience).
  await samlPage.getByRole('link', { name: 'Sign in again' }).click();
  await samlPage.getByLabel('Email').fill(SAML_TEACHER);
  await samlPage.getByLabel('Email').press('Enter');
  await samlPage.getByRole('button', { name: 'Send an answer meant for another product' }).click();
  await expect(samlPage.getByRole('heading', { name: 'The district sign-in was not completed' })).toBeVisible();

  // The IdP posts its answer from its own site (a cross-site POST): the teacher comes back signed in.
  await samlPage.getByRole('link', { name: 'Sign in again' }).click();
  await samlPage.getByLabel('Email').fill(SAML_TEACHER);
  await samlPage.getByLabel('Email').press('Enter');
  await expect(samlPage.getByRole('heading', { name: 'District sign-in' })).toBeVisible();
  const answer = await samlPage.locator('form').first().evaluate((form) => form.outerHTML);
  await samlPage.getByRole('button', { name: 'Continue' }).click();
  await expect(samlPage).toHaveURL(/\/onboarding$/, { timeout: 20_000 });
  // The same answer posted again (a replay) is refused.
  const replay = await saml.newPage();
  await replay.setContent(answer);
  await replay.getByRole('button', { name: 'Continue' }).click();
  await expect(replay.getByText(/expired or was already used/)).toBeVisible();
  await saml.close();

  // Disconnecting, confirmed in a dialog, gives the domain its passwords back.
  await details.getByRole('link', { name: `Riverbend ADFS (${DOMAIN})` }).click();
  await expect(page.getByLabel('Signing certificate')).toHaveValue(/BEGIN CERTIFICATE/);
  await page.getByRole('button', { name: 'Disconnect' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Disconnect single sign-on?' });
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Disconnect' }).click();
  await expectSnackbar(page, /Single sign-on removed/);
  await expect(details.getByRole('link', { name: 'Not connected: set up' })).toBeVisible();
});
