/** `npm run doctor` on deployments with known faults: each is named, with what to do about it. */
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { report, runDoctor, type Finding } from '../../server/cli/doctor.ts';
import { archiveName } from '../../server/backup/manifest.ts';

const root = mkdtempSync(path.join(os.tmpdir(), 'skd-doctor-'));
const servers: net.Server[] = [];

afterAll(() => {
  servers.forEach((s) => s.close());
  rmSync(root, { recursive: true, force: true });
});

/** A mail server on loopback that greets and answers EHLO, as nodemailer's verify() needs. */
async function fakeSmtp(): Promise<number> {
  const server = net.createServer((socket) => {
    socket.write('220 localhost ESMTP test\r\n');
    socket.on('data', (data: Buffer) => {
      for (const line of data.toString().split('\r\n').filter(Boolean)) {
        if (/^(EHLO|HELO)/i.test(line)) socket.write('250-localhost\r\n250 8BITMIME\r\n');
        else if (/^QUIT/i.test(line)) socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
      }
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as net.AddressInfo).port;
}

/** A loopback port nobody listens on. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

function dirs(name: string) {
  const dataDir = path.join(root, name, 'data');
  const backupDir = path.join(root, name, 'backups');
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  mkdirSync(backupDir, { recursive: true });
  return { dataDir, backupDir };
}

const byCheck = (findings: Finding[], check: string) => findings.filter((f) => f.check === check);
const synced = async () => true;

describe('npm run doctor', () => {
  test('a sound deployment: https SITE_URL behind a trusted proxy, SMTP answers, a fresh backup, private DATA_DIR', async () => {
    const { dataDir, backupDir } = dirs('good');
    writeFileSync(path.join(dataDir, 'secrets.json'), '{}', { mode: 0o600 });
    writeFileSync(path.join(backupDir, archiveName(new Date())), 'x');
    const findings = await runDoctor({
      DATA_DIR: dataDir, BACKUP_DIR: backupDir, SITE_URL: 'https://skadron.example.id', TRUST_PROXY: '127.0.0.1',
      SMTP_URL: `smtp://127.0.0.1:${await fakeSmtp()}`,
    }, { clockSynchronised: synced, smtpTimeoutMs: 5000 });
    const verdicts = Object.fromEntries(findings.filter((f) => f.check !== 'free disk' && f.check !== 'integrity').map((f) => [f.check, f.verdict]));
    expect(verdicts).toEqual({ 'data directory': 'ok', SITE_URL: 'ok', SMTP: 'ok', backup: 'ok', clock: 'ok' });
  });

  test('names each fault and what fixes it, and counts them', async () => {
    const { dataDir, backupDir } = dirs('bad');
    chmodSync(dataDir, 0o755);
    writeFileSync(path.join(dataDir, 'secrets.json'), '{}', { mode: 0o644 });
    writeFileSync(path.join(dataDir, 'signing-keys.json'), '{}', { mode: 0o640 });
    // An archive is dated by its name, as the backup command writes it.
    writeFileSync(path.join(backupDir, archiveName(new Date(Date.now() - 10 * 24 * 3600_000))), 'x');
    const findings = await runDoctor({
      DATA_DIR: dataDir, BACKUP_DIR: backupDir, SITE_URL: 'http://skadron.example.id', SMTP_URL: `smtp://127.0.0.1:${await closedPort()}`,
    }, { clockSynchronised: async () => false, smtpTimeoutMs: 2000 });

    expect(byCheck(findings, 'data directory').map((f) => [f.verdict, f.fix])).toEqual([
      ['ok', undefined], ['fail', `chmod 700 ${dataDir}`], ['fail', `chmod 600 ${path.join(dataDir, 'secrets.json')}`],
      ['fail', `chmod 600 ${path.join(dataDir, 'signing-keys.json')}`],
    ]);
    expect(byCheck(findings, 'SITE_URL')[0]).toMatchObject({ verdict: 'fail', message: expect.stringContaining('is not https') });
    expect(byCheck(findings, 'SMTP')[0]).toMatchObject({ verdict: 'fail', message: expect.stringContaining(`127.0.0.1:`) });
    expect(byCheck(findings, 'backup')[0]).toMatchObject({ verdict: 'fail', message: expect.stringContaining('10 days old') });
    expect(byCheck(findings, 'clock')[0]).toMatchObject({ verdict: 'warn', fix: expect.stringContaining('timedatectl set-ntp true') });
    const text = report(findings);
    expect(text).toContain(`FAIL  data directory: ${dataDir} is open to every user (mode 0755)`);
    expect(text).toMatch(/\n6 to fix, \d+ to look at\.$/);
  });

  test('warns about https without TRUST_PROXY, no backup yet and no SMTP; fails a clock set before this release', async () => {
    const { dataDir, backupDir } = dirs('fresh');
    const findings = await runDoctor({ DATA_DIR: dataDir, BACKUP_DIR: backupDir, SITE_URL: 'https://skadron.example.id' },
      { clockSynchronised: synced, now: new Date('2001-01-01T00:00:00Z') });
    expect(byCheck(findings, 'TRUST_PROXY')[0]).toMatchObject({ verdict: 'warn', fix: expect.stringContaining('TRUST_PROXY=127.0.0.1') });
    expect(byCheck(findings, 'backup')[0]).toMatchObject({ verdict: 'warn', message: `no backup in ${backupDir}` });
    expect(byCheck(findings, 'SMTP')[0]).toMatchObject({ verdict: 'warn' });
    expect(byCheck(findings, 'clock')[0]).toMatchObject({ verdict: 'fail', message: expect.stringContaining('before this release was made') });
  });
});
