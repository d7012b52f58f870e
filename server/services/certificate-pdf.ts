import { PRODUCT } from '../auth/provider/pages.ts';
import type { CertificateRow } from '../repositories/certificates.ts';
import { hoursOf, minutesOf, watchedSecondsOf } from './certificates.ts';
import { localDate, longDate } from './dates.ts';
import { ACCENT, INK, MUTED, openPdf, winAnsi } from './pdf.ts';

/** The certificate as a PDF (the shared document of ./pdf.ts: US Letter, standard fonts). */

const RULE = '#d6d9e0';

const completedOn = (at: string, timeZone: string) => new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone }).format(new Date(at));
const number = (n: number) => n.toLocaleString('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

export function renderCertificatePdf(certificate: CertificateRow, verifyUrl: string): Promise<Buffer> {
  const { code, educatorName, organizationName, fromDate, toDate, timeZone, strategies, totalSeconds, issuedAt } = certificate;
  const hours = hoursOf(totalSeconds);
  const { doc, done, say, width } = openPdf(
    {
      Title: 'Learning certificate',
      Author: PRODUCT,
      Subject: `Learning certificate ${code}`,
      Keywords: `verification code ${code}`,
      CreationDate: issuedAt,
      ModDate: issuedAt,
    },
    { bufferPages: true },
  );

  say(PRODUCT, 'Helvetica-Bold', 11, ACCENT, { align: 'center' });
  doc.moveDown(1.5);
  say('Certificate of Learning', 'Helvetica-Bold', 28, INK, { align: 'center' });
  doc.moveDown(1);
  say('This certifies that', 'Helvetica', 12, MUTED, { align: 'center' });
  doc.moveDown(0.4);
  say(educatorName, 'Helvetica-Bold', 22, INK, { align: 'center' });
  if (organizationName) {
    doc.moveDown(0.2);
    say(organizationName, 'Helvetica', 13, MUTED, { align: 'center' });
  }
  doc.moveDown(1);
  const count = `${strategies.length} ${strategies.length === 1 ? 'strategy' : 'strategies'}`;
  say(`completed ${count} between ${longDate(fromDate)} and ${longDate(toDate)}, with ${number(hours)} hours of strategy video watched.`, 'Helvetica', 12, INK, {
    align: 'center',
  });
  doc.moveDown(1.5);

  doc.fillColor(INK).table({
    columnStyles: ['*', 110, 70],
    defaultStyle: { border: { bottom: 0.5 }, borderColor: RULE, padding: [5, 4] },
    data: [
      [
        { text: 'Strategy', type: 'TH', font: { src: 'Helvetica-Bold', size: 10 } },
        { text: 'Completed', type: 'TH', font: { src: 'Helvetica-Bold', size: 10 } },
        { text: 'Minutes', type: 'TH', font: { src: 'Helvetica-Bold', size: 10 }, align: { x: 'right' } },
      ],
      ...strategies.map((s) => [
        { text: winAnsi(s.title), font: { src: 'Helvetica', size: 10 } },
        { text: completedOn(s.completedAt, timeZone), font: { src: 'Helvetica', size: 10 } },
        { text: number(minutesOf(watchedSecondsOf(s))), font: { src: 'Helvetica', size: 10 }, align: { x: 'right' as const } },
      ]),
      [
        { text: 'Total hours watched', type: 'TH', colSpan: 2, font: { src: 'Helvetica-Bold', size: 10 } },
        { text: `${number(hours)} h`, font: { src: 'Helvetica-Bold', size: 10 }, align: { x: 'right' } },
      ],
    ],
  });

  doc.x = 60;
  doc.moveDown(2);
  say(`Issued on ${longDate(localDate(issuedAt, timeZone))}. Hours are the lengths of the completed strategies' videos.`, 'Helvetica', 10, MUTED);
  doc.moveDown(0.8);
  say(`Verification code: ${code}`, 'Helvetica-Bold', 12, INK);
  doc.moveDown(0.2);
  say('Anyone can check this certificate at', 'Helvetica', 10, MUTED);
  say(verifyUrl, 'Helvetica', 10, ACCENT, { link: verifyUrl, underline: true });

  // Every page names the code, so a page on its own can be checked too.
  const { start, count: pages } = doc.bufferedPageRange();
  for (let i = start; i < start + pages; i++) {
    doc.switchToPage(i);
    doc.page.margins.bottom = 0;
    const footer = `Learning certificate ${code} · page ${i - start + 1} of ${pages}`;
    doc.font('Helvetica').fontSize(8).fillColor(MUTED).text(winAnsi(footer), 60, doc.page.height - 40, { width, align: 'center', lineBreak: false });
  }
  doc.end();
  return done;
}
