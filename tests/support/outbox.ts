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
