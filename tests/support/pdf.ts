import { inflateSync } from 'node:zlib';

/**
 * The text a PDF shows, one string per text operator: content streams inflated, pdfkit's hex
 * strings decoded (standard fonts write Windows-1252, read here as Latin-1: "•" comes out as "\x95").
 */
export function pdfText(pdf: Buffer): string {
  const lines: string[] = [];
  const raw = pdf.toString('latin1');
  for (let at = raw.indexOf('stream\n'); at !== -1; at = raw.indexOf('stream\n', at + 1)) {
    if (raw.slice(at - 3, at) === 'end') continue;
    const end = raw.indexOf('\nendstream', at);
    const bytes = pdf.subarray(at + 'stream\n'.length, end);
    let content: string;
    try {
      content = inflateSync(bytes).toString('latin1');
    } catch {
      content = bytes.toString('latin1');
    }
    const decode = (hex: string) => Buffer.from(hex, 'hex').toString('latin1');
    for (const m of content.matchAll(/\[((?:<[0-9a-fA-F]*>|[-\d.\s])*)\]\s*TJ|<([0-9a-fA-F]*)>\s*Tj/g)) {
      lines.push(m[1] !== undefined ? [...m[1].matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => decode(h[1]!)).join('') : decode(m[2]!));
    }
  }
  return lines.join('\n');
}
