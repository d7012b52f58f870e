import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The newest message in the outbox to an address, with its quoted-printable body decoded. */
export function readOutbox(outboxDir: string, to: string): string {
  const files = readdirSync(outboxDir)
    .filter((f) => f.endsWith(`-${to.replace(/[^a-z0-9@._-]/gi, '_')}.eml`))
    .sort();
  const file = files.at(-1);
  if (!file) throw new Error(`no message to ${to} in the outbox`);
  const raw = readFileSync(join(outboxDir, file), 'utf8');
  return raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

export type OutboxPart = { headers: string; contentType: string; filename: string | null; content: Buffer };
export type OutboxMessage = { subject: string; text: string; attachments: OutboxPart[]; raw: string };

const decodeQuotedPrintable = (s: string) =>
  Buffer.from(s.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8');

/** Headers unfolded ("\n " continues a line), then one header's value. */
const header = (headers: string, name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(headers.replace(/\r?\n[ \t]+/g, ' '))?.[1]?.trim() ?? '';

/** Every message in the outbox to an address, oldest first, its parts decoded (enough MIME for nodemailer's output). */
export function outboxMessages(outboxDir: string, to: string): OutboxMessage[] {
  let files: string[];
  try {
    files = readdirSync(outboxDir);
  } catch {
    return [];
  }
  return files
    .filter((f) => f.endsWith(`-${to.replace(/[^a-z0-9@._-]/gi, '_')}.eml`))
    .sort()
    .map((file) => {
      const raw = readFileSync(join(outboxDir, file), 'utf8');
      const split = (block: string) => {
        const at = block.search(/\r?\n\r?\n/);
        return { headers: block.slice(0, at), body: block.slice(at).replace(/^\r?\n\r?\n/, '') };
      };
      const top = split(raw);
      const decode = (headers: string, body: string) => {
        const encoding = header(headers, 'Content-Transfer-Encoding').toLowerCase();
        if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64');
        if (encoding === 'quoted-printable') return Buffer.from(decodeQuotedPrintable(body), 'utf8');
        return Buffer.from(body, 'utf8');
      };
      const boundary = /boundary="?([^";]+)"?/i.exec(header(top.headers, 'Content-Type'))?.[1];
      const parts = boundary
        ? top.body
            .split(`--${boundary}`)
            .slice(1)
            .filter((p) => !p.startsWith('--'))
            .map((p) => split(p.replace(/^\r?\n/, '')))
        : [top];
      const decoded = parts.map(({ headers, body }) => ({
        headers,
        contentType: header(headers, 'Content-Type').split(';')[0]!.toLowerCase(),
        filename: /filename="?([^";]+)"?/i.exec(header(headers, 'Content-Disposition'))?.[1] ?? null,
        content: decode(headers, body.replace(/\r?\n$/, '')),
      }));
      const textPart = decoded.find((p) => p.contentType === 'text/plain' && !p.filename);
      const subjectRaw = header(top.headers, 'Subject');
      // Non-ASCII subjects are RFC 2047 encoded words.
      const subject = subjectRaw.replace(/=\?utf-8\?([QB])\?([^?]*)\?=\s*/gi, (_, enc: string, data: string) =>
        enc.toUpperCase() === 'B' ? Buffer.from(data, 'base64').toString('utf8') : decodeQuotedPrintable(data.replace(/_/g, ' ')),
      );
      return { subject, text: textPart?.content.toString('utf8') ?? '', attachments: decoded.filter((p) => p.filename), raw };
    });
}
