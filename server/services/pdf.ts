import PDFDocument from 'pdfkit';

// What the app's PDFs (certificates, receipts) share: US Letter in the PDF standard fonts
// (Helvetica), which every reader has, so nothing is fetched or embedded; one palette; a writer
// that keeps text within the margins; and the finished file as a Buffer.

export const INK = '#1b1f2a';
export const MUTED = '#4b5563';
export const ACCENT = '#1e3a8a';

/** Characters the standard fonts can show: Latin-1 and Windows-1252's extra punctuation. */
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
const showable = (c: string) => {
  const code = c.codePointAt(0)!;
  return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(c);
};

/** Letters that carry their stroke in the glyph itself, so that decomposing them finds no base letter. */
const STROKED: Record<string, string> = { Ł: 'L', ł: 'l', Đ: 'D', đ: 'd', Ħ: 'H', ħ: 'h', ı: 'i', Ŧ: 'T', ŧ: 't', Ŀ: 'L', ŀ: 'l', Ə: 'E', ə: 'e' };

/** Text the standard fonts can draw: accents dropped where the letter is missing ("ő" → "o"), else "?". */
export function winAnsi(text: string): string {
  return [...text.normalize('NFC')]
    .map((c) => {
      if (showable(c)) return c;
      if (/\s/.test(c)) return ' ';
      if (STROKED[c]) return STROKED[c];
      const base = c.normalize('NFKD').replace(/\p{M}/gu, '');
      return base && [...base].every(showable) ? base : '?';
    })
    .join('');
}

/** A tagged US Letter document with 60 pt margins, the text writer over it, and its bytes once ended. */
export function openPdf(info: PDFKit.DocumentInfo, options: Partial<PDFKit.PDFDocumentOptions> = {}) {
  const doc = new PDFDocument({ size: 'LETTER', margin: 60, lang: 'en-US', tagged: true, displayTitle: true, info, ...options });
  const done = new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const width = doc.page.width - 120;
  const say = (text: string, font: string, size: number, color = INK, textOptions: PDFKit.Mixins.TextOptions = {}) =>
    doc.font(font).fontSize(size).fillColor(color).text(winAnsi(text), { width, ...textOptions });
  return { doc, done, say, width };
}
