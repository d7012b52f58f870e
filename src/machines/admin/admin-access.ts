import { waitFor, type SnapshotFrom } from 'xstate';
import type { AuthMachine } from '@/machines/auth/auth.machine';
import { authIntents } from '@/machines/auth/auth.intents';
import { selectAuthError, selectIsBusy } from '@/machines/auth/auth.selectors';
import type { AppServices } from '@/machines/root/app-services';
import type { FormInput } from '@/machines/form/form.types';
import { defineForm } from '@/machines/form/form.actors';
import { EMAIL_RULES } from '@/lib/validation/fields';
import { required } from '@/lib/validation/rules';
import { bindIntents } from '@/machines/shared/intents';

// Who gets into the admin site (spec §4 step 3, §6): platform admins only. The educator app
// sends them here; here anybody else is sent to the educator app, and a visitor signs in first
// (the same local sign-in and identity provider as the educator app, the same session).

export const ADMIN_SITE_HOME = '/admin/users';
export const EDUCATOR_APP_HOME = '/';

/**
 * - `waiting`: the session is still being found out (or a sign-in is under way);
 * - `signIn`: nobody is signed in: the admin site's sign-in;
 * - `admin`: a platform admin: the admin site;
 * - `elsewhere`: another role: the educator app.
 */
export type AdminAccess = 'waiting' | 'signIn' | 'admin' | 'elsewhere';

export function adminAccess(auth: SnapshotFrom<AuthMachine>): AdminAccess {
  if (auth.matches('authenticated')) return auth.context.user?.role === 'ADMIN' ? 'admin' : 'elsewhere';
  if (auth.matches('unauthenticated')) return 'signIn';
  return 'waiting';
}

export const ADMIN_LOGIN_FORM: FormInput = {
  fields: { email: { rules: EMAIL_RULES }, password: { rules: [required()] } },
  formErrors: 'inline',
};

/** The sign-in the auth actor makes, settled: its error is the form's. */
async function settledSignIn({ actors }: AppServices, signal: AbortSignal) {
  const settled = await waitFor(actors.auth, (snapshot) => !selectIsBusy(snapshot), { signal });
  const error = selectAuthError(settled);
  if (error) throw error;
}

/** Local sign-in, back to the admin page asked for. */
export const adminLoginForm = defineForm('adminLoginForm', {
  submit: (services, values, signal) => {
    const { pathname, search } = services.router.current();
    bindIntents(services.actors.auth, authIntents).loginLocal(String(values.email).trim(), String(values.password), `${pathname}${search}`);
    return settledSignIn(services, signal);
  },
});

/**
 * Where a provider sign-in started. The provider returns to the educator app's /callback,
 * whose guard sends a platform admin to /admin (spec §4 step 3) before the sign-in's own
 * return path is followed; /admin then goes on to the page the admin asked for.
 */
const RETURN_KEY = 'admin-site-return-to';

/** Signs in at the identity provider, coming back to `returnTo` (an admin page). */
export function signInWithProvider({ actors }: Pick<AppServices, 'actors'>, returnTo: string, storage: Pick<Storage, 'setItem'> = sessionStorage) {
  storage.setItem(RETURN_KEY, returnTo);
  bindIntents(actors.auth, authIntents).loginWithProvider({ returnTo });
}

/** The admin page a provider sign-in started from, once (null: none, or not an admin page). */
export function takeReturnTo(storage: Pick<Storage, 'getItem' | 'removeItem'> = sessionStorage): string | null {
  const path = storage.getItem(RETURN_KEY);
  storage.removeItem(RETURN_KEY);
  return path && /^\/admin\/[\w\-/?=&%.]*$/.test(path) ? path : null;
}
