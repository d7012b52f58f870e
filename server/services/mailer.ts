import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';

export type Mail = { to: string; subject: string; text: string; html?: string };
export type Mailer = { send: (mail: Mail) => Promise<void> };

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
  return {
    send: async (mail) => {
      const info = await transport.sendMail({ from: options.from, ...mail });
      await mkdir(options.outboxDir, { recursive: true });
      const safeTo = mail.to.replace(/[^a-z0-9@._-]/gi, '_');
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${safeTo}.eml`;
      await writeFile(join(options.outboxDir, name), info.message as Buffer);
    },
  };
}
