import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { ServerContext } from '../context.ts';
import { createDevMailApp } from './dev.ts';
import { FileMailer, SmtpMailer, createMailer } from './mailer.ts';
import { confirmationMail, senderName } from './templates.ts';

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'skd-mail-'));
  dirs.push(dir);
  return dir;
}
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** Just enough SMTP to accept one message and keep what DATA carried. */
function smtpSink(): Promise<{ server: Server; port: number; received: string[] }> {
  const received: string[] = [];
  const server = createServer((socket) => {
    let inData = false;
    let data = '';
    socket.write('220 sink ESMTP\r\n');
    socket.on('data', (chunk) => {
      for (const line of chunk.toString().split('\r\n')) {
        if (inData) {
          if (line === '.') {
            inData = false;
            received.push(data);
            data = '';
            socket.write('250 OK queued\r\n');
          } else {
            data += line + '\n';
          }
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') socket.write('250 sink\r\n');
        else if (verb === 'MAIL' || verb === 'RCPT') socket.write('250 OK\r\n');
        else if (verb === 'DATA') { inData = true; socket.write('354 go ahead\r\n'); }
        else if (verb === 'QUIT') { socket.write('221 bye\r\n'); socket.end(); }
      }
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () =>
    resolve({ server, port: (server.address() as { port: number }).port, received })));
}

describe('mailer', () => {
  it('keeps messages as files, listed newest first', async () => {
    const dir = tempDir();
    const mailer = createMailer({ smtpUrl: undefined, mailFrom: 'x <a@b.c>', dataDir: dir });
    expect(mailer).toBeInstanceOf(FileMailer);
    await mailer.send({ to: 'a@example.com', subject: 'satu', text: '1', html: '<p>1</p>' });
    await mailer.send({ to: 'b@example.com', subject: 'dua', text: '2', html: '<p>2</p>' });
    const list = await (mailer as FileMailer).list();
    expect(list.map((m) => m.subject)).toEqual(['dua', 'satu']);
    expect(list[0]).toEqual({ to: 'b@example.com', subject: 'dua', text: '2', html: '<p>2</p>', created_at: expect.any(String) });
  });

  it('sends through SMTP when SMTP_URL is set', async () => {
    const sink = await smtpSink();
    try {
      const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${sink.port}?ignoreTLS=true`, mailFrom: 'Skadron 31/Serbu <no-reply@contoh.id>', dataDir: tempDir() });
      expect(mailer).toBeInstanceOf(SmtpMailer);
      await mailer.send(confirmationMail({ to: 'budi@example.com', link: 'https://contoh.id/auth/v1/verify?token=abc&type=signup', siteName: 'Skadron 31/Serbu' }));
      expect(sink.received).toHaveLength(1);
      expect(sink.received[0]).toMatch(/^To: budi@example\.com$/m);
      expect(sink.received[0]).toMatch(/^From: "?Skadron 31\/Serbu"? <no-reply@contoh\.id>$/m);
      expect(sink.received[0]).toContain('Konfirmasi pendaftaran akun Skadron 31/Serbu');
    } finally {
      sink.server.close();
    }
  });

  it('builds the Indonesian confirmation with an escaped link', () => {
    const mail = confirmationMail({ to: 'a@b.c', link: 'https://x.id/v?a=1&b="2"', siteName: 'Skadron 31/Serbu' });
    expect(mail.subject).toBe('Konfirmasi pendaftaran akun Skadron 31/Serbu');
    expect(mail.text).toContain('https://x.id/v?a=1&b="2"');
    expect(mail.html).toContain('href="https://x.id/v?a=1&amp;b=&quot;2&quot;"');
    expect(mail.html).not.toContain('"2""');
    expect(senderName('Skadron 31/Serbu <no-reply@x.id>')).toBe('Skadron 31/Serbu');
    expect(senderName('no-reply@x.id')).toBe('situs web skadron');
  });
});

describe('GET /_dev/mail', () => {
  const request = (smtpUrl: string | undefined, remoteAddress: string, trustProxy: string[] = []) => {
    const dir = tempDir();
    const ctx = { config: { smtpUrl, dataDir: dir, trustProxy }, mail: new FileMailer(path.join(dir, 'mail')) } as unknown as ServerContext;
    return createDevMailApp(ctx).request('/mail', {}, { incoming: { socket: { remoteAddress } } });
  };

  it('answers loopback clients only, never through a trusted proxy, and only without SMTP', async () => {
    expect((await request(undefined, '127.0.0.1', ['127.0.0.1'])).status).toBe(404);
    expect((await request(undefined, '127.0.0.1')).status).toBe(200);
    expect((await request(undefined, '::ffff:127.0.0.1')).status).toBe(200);
    expect((await request(undefined, '::1')).status).toBe(200);
    expect((await request(undefined, '192.168.1.20')).status).toBe(403);
    expect((await request('smtp://mail.example.com', '127.0.0.1')).status).toBe(404);
    expect(await (await request(undefined, '127.0.0.1')).json()).toEqual([]);
  });
});
