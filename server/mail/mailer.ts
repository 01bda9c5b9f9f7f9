import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Config } from '../config.ts';

/** Outgoing mail. The auth service owns the implementation; this is the contract. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

export interface StoredMail extends MailMessage {
  created_at: string;
}

/**
 * Without SMTP every message is written as one JSON file under DATA_DIR/mail, so an operator (or
 * a test) can read confirmation links without a mail server. File names start with an ISO time
 * so a plain sort gives the order they were sent in.
 */
export class FileMailer implements Mailer {
  constructor(readonly dir: string) {}

  async send(message: MailMessage): Promise<void> {
    const created_at = new Date().toISOString();
    const stored: StoredMail = { to: message.to, subject: message.subject, text: message.text, html: message.html, created_at };
    await mkdir(this.dir, { recursive: true, mode: 0o700 });
    const name = `${created_at.replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.json`;
    await writeFile(path.join(this.dir, name), JSON.stringify(stored, null, 2) + '\n', { mode: 0o600 });
  }

  /** Newest first. */
  async list(): Promise<StoredMail[]> {
    let names: string[];
    try {
      names = await readdir(this.dir);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
    const files = names.filter((n) => n.endsWith('.json')).sort().reverse();
    const mails: StoredMail[] = [];
    for (const name of files) {
      try {
        mails.push(JSON.parse(await readFile(path.join(this.dir, name), 'utf8')) as StoredMail);
      } catch {
        // a half-written or hand-edited file must not hide the rest of the mailbox
      }
    }
    return mails;
  }
}

export class SmtpMailer implements Mailer {
  private readonly transport: nodemailer.Transporter;

  constructor(smtpUrl: string, private readonly from: string) {
    this.transport = nodemailer.createTransport(smtpUrl);
  }

  async send(message: MailMessage): Promise<void> {
    await this.transport.sendMail({ from: this.from, ...message });
  }
}

export function mailDir(config: Pick<Config, 'dataDir'>): string {
  return path.join(config.dataDir, 'mail');
}

/** SMTP when SMTP_URL is set, otherwise the local mailbox under DATA_DIR/mail. */
export function createMailer(config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'dataDir'>): Mailer {
  if (config.smtpUrl) return new SmtpMailer(config.smtpUrl, config.mailFrom);
  return new FileMailer(mailDir(config));
}
