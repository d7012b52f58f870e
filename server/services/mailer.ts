import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import { clock } from '../clock.ts';

export type Attachment = { filename: string; content: Buffer; contentType: string };
export type Mail = { to: string; subject: string; text: string; html?: string; attachments?: Attachment[] };
export type Mailer = { send: (mail: Mail) => Promise<void> };

type Log = { warn: (obj: object, msg: string) => void };

/**
 * Messages that must not hold up, nor fail, what caused them (a receipt after a charge): sent in
 * the background, a failure logged with what it was about but never the message or the server's
 * settings. `drain` waits for those under way (the server closing, a test reading the outbox).
 */
export function createBackgroundMail(mailer: Mailer, log: Log, options: { concurrency?: number } = {}) {
  const pending = new Set<Promise<void>>();
  // At most `concurrency` messages go out at once (an import e-mails up to a thousand); the
  // others wait their turn.
  const limit = options.concurrency ?? Infinity;
  let active = 0;
  const queue: (() => void)[] = [];
  async function send(mail: Mail) {
    // A finished message hands its place straight to the next one waiting.
    if (active >= limit) await new Promise<void>((resolve) => queue.push(resolve));
    else active++;
    try {
      await mailer.send(mail);
    } finally {
      const next = queue.shift();
      if (next) next();
      else active--;
    }
  }
  return {
    /** `compose` may decide there is nothing to send (null): then nothing is. */
    post(compose: () => Mail | null | Promise<Mail | null>, about: Record<string, string>) {
      const sending: Promise<void> = (async () => {
        const mail = await compose();
        if (mail) await send(mail);
      })()
        .catch((err: unknown) => log.warn({ ...about, err: describeMailError(err) }, 'e-mail not sent'))
        .finally(() => pending.delete(sending));
      pending.add(sending);
    },
    async drain() {
      await Promise.allSettled([...pending]);
    },
  };
}

/** The kind of failure (an SMTP code, a refused connection), without anything that was being sent. */
export function describeMailError(err: unknown) {
  const e = err as { name?: string; code?: string; responseCode?: number; message?: string };
  return { type: e?.name ?? 'Error', code: e?.code ?? null, responseCode: e?.responseCode ?? null, message: String(e?.message ?? err).slice(0, 200) };
}

/**
 * nodemailer with SMTP when SMTP_URL is set; otherwise every message is written as an .eml
 * file to the outbox directory (data/outbox) so a developer can open it in any mail reader.
 */
export function createMailer(options: { from: string; smtpUrl: string | null; outboxDir: string }): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return { send: async (mail) => void (await transport.sendMail({ from: options.from, ...mail })) };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  let written = 0;
  return {
    send: async (mail) => {
      const info = await transport.sendMail({ from: options.from, ...mail });
      await mkdir(options.outboxDir, { recursive: true });
      const safeTo = mail.to.replace(/[^a-z0-9@._-]/gi, '_');
      // The counter keeps two messages to one address in the same millisecond apart, in order.
      const name = `${clock.now().toISOString().replace(/[:.]/g, '-')}-${String(++written).padStart(6, '0')}-${safeTo}.eml`;
      // Written under another name, then renamed: whoever reads the outbox never sees half a message.
      const partial = join(options.outboxDir, `.${name}.partial`);
      await writeFile(partial, info.message as Buffer);
      await rename(partial, join(options.outboxDir, name));
    },
  };
}
