import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { escapeHtml, layout, PRODUCT } from '../auth/provider/pages.ts';
import type { CertificateRow } from '../repositories/certificates.ts';
import { hoursOf, normalizeCode } from '../services/certificates.ts';
import { localDate, longDate } from '../services/dates.ts';
import type { Context } from './types.ts';

const STYLES_PATH = '/verify/verify.css';

/** Beside the provider pages' stylesheet: the certificate's facts as a list of label and value. */
const STYLES = `main{max-width:36rem}.banner{max-width:36rem}
.facts{margin:1.25rem 0 0;display:grid;grid-template-columns:max-content minmax(0,1fr);gap:.75rem 1.5rem}
.facts dt{font-weight:600;color:#4b5563}.facts dd{margin:0;font-weight:600;overflow-wrap:anywhere}
.status{margin:0 0 .25rem;font-size:.875rem;font-weight:700;letter-spacing:.04em;text-transform:uppercase;color:#166534}
.status.invalid{color:#991b1b}
@media (max-width:30rem){.facts{grid-template-columns:1fr;gap:.125rem}.facts dd{margin-bottom:.625rem}}
@media (prefers-color-scheme:dark){.facts dt{color:#cbd5e1}.status{color:#86efac}.status.invalid{color:#fecaca}}
`;

const page = (title: string, body: string) => layout(title, body, [STYLES_PATH]);

const time = (day: string) => `<time datetime="${day}">${escapeHtml(longDate(day))}</time>`;

/** Only what a reader needs to trust the certificate: no e-mail, no organization, no list of titles. */
function validPage(c: CertificateRow) {
  const hours = hoursOf(c.totalSeconds);
  const strategies = c.strategies.length;
  return page(
    'Valid learning certificate',
    `<p class="status">Learning certificate</p>
<h1>This certificate is valid</h1>
<p class="lead">It was issued by ${PRODUCT} and has not been changed since.</p>
<dl class="facts" aria-label="Certificate details">
<dt>Educator</dt><dd>${escapeHtml(c.educatorName)}</dd>
<dt>Hours of video watched</dt><dd>${hours.toFixed(1)} ${hours === 1 ? 'hour' : 'hours'}</dd>
<dt>Period</dt><dd>${time(c.fromDate)} to ${time(c.toDate)}</dd>
<dt>Strategies completed</dt><dd>${strategies}</dd>
<dt>Issued</dt><dd>${time(localDate(c.issuedAt, c.timeZone))}</dd>
</dl>`,
  );
}

const NOT_VALID = page(
  'Not a valid certificate',
  `<p class="status invalid">Learning certificate</p>
<h1>This is not a valid certificate</h1>
<p class="lead">No certificate has this verification code. Check the code on the certificate, or ask the educator for the link printed on it.</p>`,
);

const send = (reply: FastifyReply, status: number, html: string) =>
  reply
    .code(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    // The code is in the URL: no page it links to learns it.
    .header('referrer-policy', 'no-referrer')
    .send(html);

/**
 * GET /verify/{code}: the public page that tells whether a certificate is genuine. Plain HTML
 * under the strict CSP (no script, no inline style), no sign-in, and limited per client address
 * like the sign-in pages so that codes cannot be tried in bulk.
 */
export function certificatePages({ config, repos }: Context) {
  const rateLimit = config.rateLimit.enabled ? { rateLimit: { max: config.rateLimit.signInPerMinute, timeWindow: '1 minute' } } : {};
  return async (app: FastifyInstance) => {
    // A page, not the API: refusals (the rate limit) and failures are pages too.
    app.setErrorHandler((error: FastifyError, request, reply) => {
      const status = error.statusCode === 429 ? 429 : 500;
      if (status === 500) request.log.error({ err: error }, 'verification page failed');
      const [title, text] =
        status === 429
          ? ['Too many checks', 'Too many certificates were checked from your network in the last minute. Please wait a minute and try again.']
          : ['Something went wrong', 'Something went wrong, please try again later.'];
      return send(reply, status, page(title, `<h1>${title}</h1><p class="lead" role="alert">${text}</p>`));
    });

    app.get(STYLES_PATH, async (_request, reply) => reply.type('text/css; charset=utf-8').header('cache-control', 'public, max-age=3600').send(STYLES));

    app.get<{ Params: { code: string } }>('/verify/:code', { config: rateLimit }, async (request, reply) => {
      const code = normalizeCode(request.params.code);
      const certificate = code ? await repos.certificates.byCode(code) : undefined;
      return certificate ? send(reply, 200, validPage(certificate)) : send(reply, 404, NOT_VALID);
    });
  };
}
