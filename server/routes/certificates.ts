import { notFound } from '../errors.ts';
import { renderCertificatePdf } from '../services/certificate-pdf.ts';
import { certificateOf, createCertificateIssuer, normalizeCode } from '../services/certificates.ts';
import { timeZoneOf } from '../services/dates.ts';
import { defineRoutes, principalOf } from './types.ts';

/** Learning certificates: issued from completions, listed, and handed out as PDF to their owner only. */
export default defineRoutes('certificates', ({ config, repos, limiter }) => {
  const { certificates, organizations } = repos;
  const issue = createCertificateIssuer({ certificates, organizations, limiter, limited: config.rateLimit.enabled });
  return {
    async createCertificate(request, reply) {
      const { from, to } = request.body;
      const row = await issue(principalOf(request).user, { from, to, timeZone: timeZoneOf(request.body.timeZone, 'body/timeZone') });
      reply.code(201);
      return certificateOf(row, config.publicUrl);
    },

    async listCertificates(request) {
      const rows = await certificates.ofUser(principalOf(request).user.id);
      return { data: rows.map((row) => certificateOf(row, config.publicUrl)) };
    },

    async getCertificatePdf(request, reply) {
      const code = normalizeCode(request.params.code);
      // Someone else's code reads exactly like an unknown one, so codes cannot be probed here.
      const row = code ? await certificates.ownedBy(principalOf(request).user.id, code) : undefined;
      if (!row) throw notFound('Certificate not found', 'CERTIFICATE_NOT_FOUND');
      const pdf = await renderCertificatePdf(row, certificateOf(row, config.publicUrl).verifyUrl);
      return reply
        .code(200)
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="learning-certificate-${row.fromDate}-${row.toDate}.pdf"`)
        .send(pdf);
    },
  };
});
