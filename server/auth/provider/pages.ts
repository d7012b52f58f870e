/**
 * The identity provider's pages: plain server-rendered HTML with one stylesheet, no script and
 * no inline style (the CSP is `script-src 'self'; style-src 'self'`), nothing loaded from
 * elsewhere. Every page has a language, a title, a banner and a main landmark with one h1;
 * every input has a bound label and an autocomplete token; errors are announced (role=alert)
 * and tied to their fields with aria-describedby.
 */

export const PRODUCT = 'Educator Learning Platform';
export const STYLESHEET_PATH = '/u/styles.css';

export const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export const STYLESHEET = `*,*::before,*::after{box-sizing:border-box}
html{font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;color:#1b1f2a;background:#f3f4f8}
body{margin:0;min-height:100vh;display:flex;flex-direction:column;align-items:center;padding:2rem 1rem}
.banner{width:100%;max-width:28rem;margin:0 0 1rem;text-align:center}
.brand{margin:0;font-size:1.125rem;font-weight:700;color:#1e3a8a;letter-spacing:.01em}
main{width:100%;max-width:28rem;background:#fff;border:1px solid #d6d9e0;border-radius:12px;padding:2rem;box-shadow:0 2px 12px rgba(15,23,42,.06)}
h1{font-size:1.5rem;line-height:1.25;margin:0 0 .5rem}
.lead{margin:0 0 1.25rem;color:#4b5563}
form{margin:0}
.field{margin-top:1rem}
label{display:block;font-weight:600;margin-bottom:.25rem}
input{display:block;width:100%;padding:.625rem .75rem;border:1px solid #6b7280;border-radius:6px;font:inherit;color:inherit;background:#fff}
input[aria-invalid="true"]{border-color:#b91c1c;border-width:2px}
.hint{margin:.25rem 0 0;font-size:.875rem;color:#4b5563}
.actions{margin-top:1.5rem;display:flex;flex-direction:column;gap:.75rem}
button{display:block;width:100%;padding:.7rem 1rem;border:2px solid #1d4ed8;border-radius:6px;background:#1d4ed8;color:#fff;font:inherit;font-weight:600;cursor:pointer}
button:hover{background:#1e40af;border-color:#1e40af}
button.secondary{background:#fff;color:#1d4ed8}
button.secondary:hover{background:#eff6ff}
a{color:#1d4ed8;text-decoration:underline}
a:hover{color:#1e40af}
:focus-visible{outline:3px solid #1d4ed8;outline-offset:2px}
input:focus-visible{outline:3px solid #1d4ed8;outline-offset:1px;border-color:#1d4ed8}
button:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}
.error{margin:0 0 1rem;padding:.75rem 1rem;border:1px solid #b91c1c;border-left-width:4px;border-radius:6px;background:#fef2f2;color:#991b1b;font-weight:600}
.error a{color:#7f1d1d}
.switch{margin:1.5rem 0 0;text-align:center}
@media (prefers-color-scheme:dark){html{background:#0f172a;color:#e5e7eb}main{background:#111827;border-color:#374151}.brand{color:#93c5fd}.lead,.hint{color:#cbd5e1}
input{background:#0b1220;border-color:#9ca3af}a{color:#93c5fd}a:hover{color:#bfdbfe}button.secondary{background:#111827;color:#93c5fd;border-color:#93c5fd}
button{background:#2563eb;border-color:#2563eb}:focus-visible,input:focus-visible{outline-color:#93c5fd}.error{background:#450a0a;color:#fecaca;border-color:#f87171}.error a{color:#fecaca}}
`;

/** A plain page of the server (sign-in, sign-up, the certificate check), with extra stylesheets of its own. */
export function layout(title: string, body: string, stylesheets: readonly string[] = [], refreshTo?: string) {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
${refreshTo ? `<meta http-equiv="refresh" content="0;url=${escapeHtml(refreshTo)}">\n` : ''}<link rel="icon" href="data:,">
<title>${escapeHtml(title)} · ${PRODUCT}</title>
<link rel="stylesheet" href="${STYLESHEET_PATH}">
${stylesheets.map((href) => `<link rel="stylesheet" href="${href}">`).join('\n')}
</head>
<body>
<header class="banner"><p class="brand">${PRODUCT}</p></header>
<main>
${body}
</main>
</body>
</html>`;
}

type FieldOptions = {
  id: string;
  label: string;
  type: 'email' | 'password' | 'text';
  autocomplete: string;
  value?: string;
  invalid?: boolean;
  /** Not required by the browser (the password, which a district's address does not need). */
  optional?: boolean;
  /** Ids of the texts that describe the field (hint, error). */
  describedBy?: string[];
  autofocus?: boolean;
  minlength?: number;
  maxlength?: number;
};

function field(o: FieldOptions) {
  const attributes = [
    `id="${o.id}"`,
    `name="${o.id}"`,
    `type="${o.type}"`,
    `autocomplete="${o.autocomplete}"`,
    o.optional ? '' : 'required',
    o.type === 'email' ? 'spellcheck="false" autocapitalize="none"' : '',
    o.value ? `value="${escapeHtml(o.value)}"` : '',
    o.minlength ? `minlength="${o.minlength}"` : '',
    o.maxlength ? `maxlength="${o.maxlength}"` : '',
    o.invalid ? 'aria-invalid="true"' : '',
    o.describedBy?.length ? `aria-describedby="${o.describedBy.join(' ')}"` : '',
    o.autofocus ? 'autofocus' : '',
  ].filter(Boolean);
  return `<div class="field"><label for="${o.id}">${escapeHtml(o.label)}</label><input ${attributes.join(' ')}></div>`;
}

const errorBox = (html: string) => `<div class="error" role="alert" id="form-error">${html}</div>`;

export function loginPage(o: { uid: string; email?: string; error?: string }) {
  const invalid = Boolean(o.error);
  const describedBy = invalid ? ['form-error'] : [];
  return layout(
    'Sign in',
    `<h1>Sign in</h1>
<p class="lead">Sign in with your email address to continue to ${PRODUCT}.</p>
${o.error ? errorBox(escapeHtml(o.error)) : ''}
<form method="post" action="/u/${escapeHtml(o.uid)}/login">
${field({ id: 'email', label: 'Email', type: 'email', autocomplete: 'username', value: o.email, invalid, describedBy, autofocus: !o.email, maxlength: 254 })}
${field({ id: 'password', label: 'Password', type: 'password', autocomplete: 'current-password', invalid, describedBy: [...describedBy, 'password-hint'], autofocus: Boolean(o.email), maxlength: 200, optional: true })}
<p class="hint" id="password-hint">If your school district gives you your account, leave the password empty: you will sign in with your district.</p>
<p class="hint"><a href="/account/forgot-password">Forgot password?</a></p>
<div class="actions"><button type="submit">Continue</button></div>
</form>
<p class="switch">Don't have an account? <a href="/u/${escapeHtml(o.uid)}/signup">Sign up</a></p>`,
  );
}

export type SignUpValues = { firstName?: string; lastName?: string; email?: string };
export type SignUpError = { field: 'firstName' | 'lastName' | 'email' | 'password' | 'confirm' | null; message: string; exists?: boolean; demo?: boolean };

export function signUpPage(o: { uid: string; values: SignUpValues; error?: SignUpError; passwordMin: number; nameMax: number }) {
  const { error } = o;
  const on = (name: SignUpError['field']) => Boolean(error && error.field === name);
  const described = (name: SignUpError['field'], ...more: string[]) => [...more, ...(on(name) ? ['form-error'] : [])];
  const loginHref = `/u/${escapeHtml(o.uid)}/login${o.values.email ? `?email=${encodeURIComponent(o.values.email)}` : ''}`;
  const message = error
    ? error.demo
      ? `This email has a demo account. <a href="/demo">Open your demo</a> and choose Register there to keep what you explored.`
      : error.exists
        ? `An account with this email already exists. <a href="${loginHref}">Sign in instead.</a>`
        : escapeHtml(error.message)
    : '';
  const firstInvalid = error?.field ?? null;
  return layout(
    'Sign up',
    `<h1>Create your account</h1>
<p class="lead">Sign up to start learning with ${PRODUCT}.</p>
${error ? errorBox(message) : ''}
<form method="post" action="/u/${escapeHtml(o.uid)}/signup">
${field({ id: 'firstName', label: 'First name', type: 'text', autocomplete: 'given-name', value: o.values.firstName, invalid: on('firstName'), describedBy: described('firstName'), autofocus: firstInvalid === 'firstName' || !error, maxlength: o.nameMax })}
${field({ id: 'lastName', label: 'Last name', type: 'text', autocomplete: 'family-name', value: o.values.lastName, invalid: on('lastName'), describedBy: described('lastName'), autofocus: firstInvalid === 'lastName', maxlength: o.nameMax })}
${field({ id: 'email', label: 'Email', type: 'email', autocomplete: 'email', value: o.values.email, invalid: on('email'), describedBy: described('email'), autofocus: firstInvalid === 'email', maxlength: 254 })}
${field({ id: 'password', label: 'Password', type: 'password', autocomplete: 'new-password', invalid: on('password'), describedBy: described('password', 'password-hint'), autofocus: firstInvalid === 'password' || firstInvalid === 'confirm', minlength: o.passwordMin, maxlength: 200 })}
<p class="hint" id="password-hint">At least ${o.passwordMin} characters.</p>
${field({ id: 'confirm', label: 'Confirm password', type: 'password', autocomplete: 'new-password', invalid: on('confirm'), describedBy: described('confirm'), minlength: o.passwordMin, maxlength: 200 })}
<div class="actions"><button type="submit">Create account</button></div>
</form>
<p class="switch">Already have an account? <a href="${loginHref}">Sign in</a></p>`,
  );
}

/** On the way to a district's own sign-in page (home-realm discovery): moves on by itself, with a link should it not. */
export function federationPage(o: { target: string; provider: string; organization: string }) {
  return layout(
    'Continue to your district',
    `<h1>Continue with ${escapeHtml(o.provider)}</h1>
<p class="lead">${escapeHtml(o.organization)} signs you in with ${escapeHtml(o.provider)}. Taking you there…</p>
<p><a href="${escapeHtml(o.target)}">Continue to ${escapeHtml(o.provider)}</a></p>`,
    [],
    o.target,
  );
}

/** A page with a heading, a message and an optional link (errors, expired pages, signed out). */
export function messagePage(o: { title: string; heading?: string; message: string; link?: { href: string; text: string } }) {
  return layout(
    o.title,
    `<h1>${escapeHtml(o.heading ?? o.title)}</h1>
<p>${escapeHtml(o.message)}</p>
${o.link ? `<p><a href="${escapeHtml(o.link.href)}">${escapeHtml(o.link.text)}</a></p>` : ''}`,
  );
}

/** oidc-provider's end-session confirmation: its form (id op.logoutForm, with the xsrf field) and two buttons. */
export function logoutPage(form: string) {
  return layout(
    'Sign out',
    `<h1>Sign out</h1>
<p class="lead">Do you want to sign out of ${PRODUCT}?</p>
${form}
<div class="actions">
<button type="submit" form="op.logoutForm" name="logout" value="yes">Sign out</button>
<button type="submit" form="op.logoutForm" class="secondary">Stay signed in</button>
</div>`,
  );
}

export function errorPage(o: { error?: string; description?: string; home: string }) {
  const known: Record<string, string> = {
    access_denied: 'The sign-in was cancelled.',
    invalid_request: 'The sign-in request was not valid.',
    invalid_client: 'The application asking you to sign in is not known here.',
    invalid_redirect_uri: 'The application asking you to sign in is not allowed to receive the result.',
    login_required: 'You need to sign in again.',
  };
  return messagePage({
    title: 'Something went wrong',
    message: `${(o.error && known[o.error]) || 'The sign-in could not be completed.'}${o.description ? ` (${o.description})` : ''}`,
    link: { href: o.home, text: `Go back to ${PRODUCT}` },
  });
}
