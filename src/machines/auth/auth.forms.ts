import { waitFor } from 'xstate';
import { authorizeEmail, signOutEverywhere } from '@/api/operations';
import { HOME_PATH } from '@/lib/routes';
import { EMAIL_RULES } from '@/lib/validation/fields';
import { required, validate } from '@/lib/validation/rules';
import { ApiError } from '@/api/errors';
import type { AppServices } from '@/machines/root/app-services';
import { safeReturnTo } from './auth0.actors';
import { defineForm } from '@/machines/form/form.actors';
import type { FormInput } from '@/machines/form/form.types';
import { bindIntents } from '@/machines/shared/intents';
import { authIntents } from './auth.intents';
import { selectAuthError, selectIsBusy } from './auth.selectors';

// The account forms on the form machine. The sign-in form (/login) hands the values to the auth
// actor, which owns every way of signing in, and waits until it has settled: its error is the
// form's failure, shown where the page shows sign-in errors (inline, not in a snackbar).

/** The password is asked for only where one signs in: an address of a connected district goes to the district without one. */
export const LOGIN_FORM: FormInput = {
  fields: { email: { rules: EMAIL_RULES }, password: {} },
  formErrors: 'inline',
};

/** The password rule, checked once the address is known to sign in here. */
const PASSWORD_RULES = [required()];

async function settledSignIn({ actors }: AppServices, signal: AbortSignal) {
  const settled = await waitFor(actors.auth, (snapshot) => !selectIsBusy(snapshot), { signal });
  const error = selectAuthError(settled);
  if (error) throw error;
}

/**
 * Where `/login?returnTo=` goes after signing in, whichever way: a page of this app, else home.
 * Anyone can write the link, so another site's address is never followed, nor a path with a
 * backslash or white space (`/\x` is `//x` to a browser, which also drops the tab of `/<tab>/x`);
 * the app's own links encode both.
 */
export function loginReturnTo(search: string): string {
  const path = new URLSearchParams(search).get('returnTo');
  return path && !/[\\\s]/.test(path) ? safeReturnTo(path) : HOME_PATH;
}

/**
 * Which sign-in serves the address (spec §7 `POST /identity/authorize`): the provider's page for
 * the domains a district's provider serves, else the password form. When the question fails the
 * form signs in locally, whose own answer decides.
 */
async function loginMethod({ api }: AppServices, email: string, signal: AbortSignal): Promise<'LOCAL' | 'PROVIDER'> {
  try {
    return (await authorizeEmail(api, { email }, { signal })).loginMethod;
  } catch (error) {
    if (signal.aborted) throw error;
    return 'LOCAL';
  }
}

/**
 * Sign-in from /login; afterwards the browser goes to `?returnTo=` (default /). An address the
 * provider serves (a district's connected domain, or an external tenant's) goes to the provider's
 * page with the address filled in, which sends a district's address on to the district: its
 * password is never sent here, nor asked for.
 */
export const loginForm = defineForm('loginForm', {
  submit: async (services, values, signal) => {
    const returnTo = loginReturnTo(services.router.current().search);
    const email = String(values.email).trim();
    const auth = bindIntents(services.actors.auth, authIntents);
    if ((await loginMethod(services, email, signal)) === 'PROVIDER') auth.loginWithProvider({ returnTo, loginHint: email });
    else {
      const [missing] = validate(values.password, PASSWORD_RULES, 'Password');
      if (missing) throw new ApiError(400, 'PASSWORD_REQUIRED', missing, { field: 'password' });
      auth.loginLocal(email, String(values.password), returnTo);
    }
    return settledSignIn(services, signal);
  },
});

/** "Sign out everywhere" (/profile): no fields, one confirmed press. */
export const SIGN_OUT_EVERYWHERE_FORM: FormInput = { fields: {} };

/** Every session of the account ends on the server, then this browser signs out too. */
export const signOutEverywhereForm = defineForm('signOutEverywhereForm', {
  submit: ({ api }, _values, signal) => signOutEverywhere(api, { signal }),
  submitted: ({ actors }) => bindIntents(actors.auth, authIntents).logout(),
});
