/**
 * `npm run doctor`: checks a deployment the way an operator would before and after going live,
 * and prints what to fix. Reads the same environment as the server (DATA_DIR, SITE_URL, SMTP_URL,
 * TRUST_PROXY, BACKUP_DIR); changes nothing. Exit status 1 when a check fails.
 */
import { execFile } from 'node:child_process';
import { constants } from 'node:fs';
import { access, readdir, stat, statfs } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { MIGRATIONS_DIR } from '../db/migrate.ts';
import { lastBackup } from '../backup/archives.ts';
import { integrityCheck } from '../integrity/doctor-check.ts';
import { databaseFinding } from './doctor-database.ts';
import { s3Findings } from './doctor-s3.ts';

export type Verdict = 'ok' | 'warn' | 'fail';

export interface Finding {
  check: string;
  verdict: Verdict;
  message: string;
  /** What to do about a warning or failure. */
  fix?: string;
}

export interface DoctorOptions {
  now?: Date;
  /** How long the SMTP server may take to greet and answer EHLO. */
  smtpTimeoutMs?: number;
  /** Asks the system whether its clock is synchronised (timedatectl); undefined when it cannot tell. */
  clockSynchronised?: () => Promise<boolean | undefined>;
}

const GiB = 1024 ** 3;
const HOUR = 3600_000;

const ok = (check: string, message: string): Finding => ({ check, verdict: 'ok', message });
const warn = (check: string, message: string, fix: string): Finding => ({ check, verdict: 'warn', message, fix });
const fail = (check: string, message: string, fix: string): Finding => ({ check, verdict: 'fail', message, fix });

function mode(m: number): string {
  return (m & 0o777).toString(8).padStart(4, '0');
}

async function dataDirFindings(dataDir: string): Promise<Finding[]> {
  const info = await stat(dataDir).catch(() => undefined);
  if (!info) return [warn('data directory', `${dataDir} does not exist yet`, 'Start the server once (npm start) or create it: mkdir -m 700 ' + dataDir)];
  if (!info.isDirectory()) return [fail('data directory', `${dataDir} is not a directory`, 'Point DATA_DIR at a directory.')];
  const findings: Finding[] = [];
  const writable = await access(dataDir, constants.W_OK).then(() => true, () => false);
  findings.push(writable
    ? ok('data directory', `${dataDir} is writable`)
    : fail('data directory', `${dataDir} is not writable by this user`, `Run the server as the directory's owner, or: chown -R <service user> ${dataDir}`));
  if (info.mode & 0o007) {
    findings.push(fail('data directory', `${dataDir} is open to every user (mode ${mode(info.mode)}): it holds the database and the signing secret`, `chmod 700 ${dataDir}`));
  }
  for (const name of ['secrets.json', 'signing-keys.json']) {
    const secrets = path.join(dataDir, name);
    const secretsInfo = await stat(secrets).catch(() => undefined);
    if (secretsInfo && secretsInfo.mode & 0o077) {
      findings.push(fail('data directory', `${secrets} is readable by others (mode ${mode(secretsInfo.mode)})`, `chmod 600 ${secrets}`));
    }
  }
  return findings;
}

async function diskFinding(dataDir: string, reserveMb: number): Promise<Finding> {
  let dir = dataDir;
  while (!(await stat(dir).then(() => true, () => false)) && path.dirname(dir) !== dir) dir = path.dirname(dir);
  const fs = await statfs(dir);
  const free = fs.bavail * fs.bsize;
  const share = free / (fs.blocks * fs.bsize);
  const text = `${(free / GiB).toFixed(1)} GiB free (${Math.round(share * 100)}%) on the disk of ${dir}; reserve ${reserveMb} MB (DISK_RESERVE_MB)`;
  if (free < reserveMb * 1024 * 1024) {
    return fail('free disk', text, 'Below the reserve the site refuses uploads and new image renditions: free space (old backups) or grow the disk.');
  }
  if (free < 0.5 * GiB) return fail('free disk', text, 'Free space or grow the disk: PostgreSQL stops writing when it is full, and backups need room too.');
  if (free < 2 * GiB || share < 0.1) return warn('free disk', text, 'Plan more space: uploads, the database and backups grow.');
  return ok('free disk', text);
}

function siteUrlFindings(env: NodeJS.ProcessEnv): Finding[] {
  const value = env.SITE_URL;
  if (!value) {
    return [fail('SITE_URL', 'SITE_URL is not set: links in e-mail point to http://127.0.0.1:3000', 'Set SITE_URL to the public address, e.g. SITE_URL=https://skadron.example.id')];
  }
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return [fail('SITE_URL', `SITE_URL is not a URL: "${value}"`, 'Set SITE_URL=https://<your domain>')];
  }
  const local = ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
  const findings: Finding[] = [];
  if (url.protocol !== 'https:') {
    findings.push(local
      ? warn('SITE_URL', `SITE_URL ${value} is a local address`, 'On a server, set SITE_URL to the public https address.')
      : fail('SITE_URL', `SITE_URL ${value} is not https: passwords and sessions would cross the network in clear`, 'Put Caddy in front (deploy/Caddyfile) and set SITE_URL=https://' + url.host));
  } else {
    findings.push(ok('SITE_URL', `SITE_URL ${url.origin} is https`));
    if (!env.TRUST_PROXY) {
      findings.push(warn('TRUST_PROXY', 'SITE_URL is https but TRUST_PROXY is empty: behind a proxy every visitor looks like the proxy (rate limits, request ids, /metrics)',
        'With Caddy on the same machine: TRUST_PROXY=127.0.0.1 (see deploy/Caddyfile).'));
    }
  }
  return findings;
}

async function smtpFinding(env: NodeJS.ProcessEnv, timeoutMs: number): Promise<Finding> {
  if (!env.SMTP_URL) {
    return warn('SMTP', 'SMTP_URL is not set: confirmation and recovery mail is only kept in DATA_DIR/mail', 'Set SMTP_URL, e.g. smtps://user:password@smtp.example.com:465');
  }
  let target = 'the SMTP server';
  try {
    const url = new URL(env.SMTP_URL);
    target = `${url.hostname}:${url.port || (url.protocol === 'smtps:' ? 465 : 587)}`;
  } catch {
    return fail('SMTP', 'SMTP_URL is not a URL', 'Use the form smtps://user:password@host:465 (password URL-encoded).');
  }
  const transport = nodemailer.createTransport({
    url: env.SMTP_URL, connectionTimeout: timeoutMs, greetingTimeout: timeoutMs, socketTimeout: timeoutMs,
  });
  try {
    await transport.verify();
    return ok('SMTP', `${target} accepts a connection and EHLO${/@/.test(env.SMTP_URL) ? ' and the login' : ''}`);
  } catch (error) {
    return fail('SMTP', `${target} did not answer: ${(error as Error).message}`, 'Check the host, port, user and password in SMTP_URL, and that this machine may connect out on that port.');
  } finally {
    transport.close();
  }
}

async function backupFinding(backupDir: string, now: Date): Promise<Finding> {
  const fix = 'Run npm run backup, and set BACKUP_SCHEDULE so the server takes one every day.';
  const newest = await lastBackup(backupDir).catch(() => undefined);
  if (!newest) return warn('backup', `no backup in ${backupDir}`, fix);
  const name = path.basename(newest.file);
  const hours = (now.getTime() - newest.time.getTime()) / HOUR;
  const age = hours < 48 ? `${Math.round(hours)} h` : `${Math.round(hours / 24)} days`;
  if (hours > 7 * 24) return fail('backup', `the newest backup (${name}) is ${age} old`, fix);
  if (hours > 26) return warn('backup', `the newest backup (${name}) is ${age} old`, fix);
  return ok('backup', `the newest backup (${name}) is ${age} old`);
}

/** The newest migration's date: a clock before it is certainly wrong. */
async function newestMigrationDate(): Promise<Date | undefined> {
  const versions = (await readdir(MIGRATIONS_DIR).catch(() => [])).map((f) => /^(\d{4})(\d{2})(\d{2})/.exec(f)).filter((m) => m !== null);
  const last = versions.map((m) => `${m[1]}-${m[2]}-${m[3]}`).sort().pop();
  return last ? new Date(`${last}T00:00:00Z`) : undefined;
}

function timedatectl(): Promise<boolean | undefined> {
  return new Promise((resolve) => {
    execFile('timedatectl', ['show', '--property=NTPSynchronized', '--value'], { timeout: 3000 }, (error, stdout) => {
      resolve(error ? undefined : stdout.trim() === 'yes');
    });
  });
}

async function clockFindings(now: Date, synchronised: () => Promise<boolean | undefined>): Promise<Finding[]> {
  const floor = await newestMigrationDate();
  if (floor && now < floor) {
    return [fail('clock', `the clock says ${now.toISOString()}, before this release was made (${floor.toISOString().slice(0, 10)})`,
      'Set the time and keep it synchronised: timedatectl set-ntp true. Sign-in tokens and scheduled articles follow the clock.')];
  }
  const synced = await synchronised();
  if (synced === false) {
    return [warn('clock', `the clock (${now.toISOString()}) is not synchronised`, 'timedatectl set-ntp true (or install chrony). Sign-in tokens and scheduled articles follow the clock.')];
  }
  return [ok('clock', `${now.toISOString()}${synced ? ', synchronised' : ''}`)];
}

function integrityFinding(env: NodeJS.ProcessEnv): Promise<Finding> {
  return integrityCheck(env)
    .catch((error: unknown) => ({ verdict: 'warn' as const, message: `could not ask the database: ${(error as Error).message}`, fix: 'Check DATABASE_URL or DATA_DIR.' }))
    .then((integrity) => ({ check: 'integrity', ...integrity }));
}

/**
 * In front of a hosted Supabase project Supabase keeps the files, backups and signing keys: what
 * applies is the database, the project's API settings the server needs, mail, the clock and the watch.
 */
async function hostedFindings(env: NodeJS.ProcessEnv, now: Date, options: DoctorOptions, database: Finding): Promise<Finding[]> {
  const api = env.SUPABASE_URL && env.SUPABASE_ANON_KEY
    ? ok('project API', `pages are rendered from ${env.SUPABASE_URL}; backups, stored files and signing keys are the project's (Supabase dashboard)`)
    : fail('project API', 'SUPABASE_URL or SUPABASE_ANON_KEY is not set: the server refuses to start on a hosted project without them',
      'Set SUPABASE_URL=https://<project>.supabase.co and SUPABASE_ANON_KEY (Supabase dashboard, Project Settings > API).');
  const [smtp, clock, integrity] = await Promise.all([
    smtpFinding(env, options.smtpTimeoutMs ?? 10_000),
    clockFindings(now, options.clockSynchronised ?? timedatectl),
    integrityFinding(env),
  ]);
  return [database, api, ...siteUrlFindings(env), smtp, ...clock, integrity];
}

export async function runDoctor(env: NodeJS.ProcessEnv = process.env, options: DoctorOptions = {}): Promise<Finding[]> {
  const now = options.now ?? new Date();
  const database = await databaseFinding(env);
  if (database?.hosted) return hostedFindings(env, now, options, database.finding);
  const dataDir = path.resolve(env.DATA_DIR || './data');
  const backupDir = path.resolve(env.BACKUP_DIR || './backups');
  const [data, disk, smtp, backup, clock, integrity, s3] = await Promise.all([
    dataDirFindings(dataDir),
    diskFinding(dataDir, Number(env.DISK_RESERVE_MB || 512)),
    smtpFinding(env, options.smtpTimeoutMs ?? 10_000),
    backupFinding(backupDir, now),
    clockFindings(now, options.clockSynchronised ?? timedatectl),
    integrityFinding(env),
    s3Findings(env),
  ]);
  return [...(database ? [database.finding] : []), ...data, disk, ...siteUrlFindings(env), smtp, backup, ...s3, ...clock, integrity];
}

export function report(findings: Finding[]): string {
  const label = { ok: 'ok  ', warn: 'WARN', fail: 'FAIL' };
  const lines = findings.map((f) => `${label[f.verdict]}  ${f.check}: ${f.message}${f.fix ? `\n      fix: ${f.fix}` : ''}`);
  const failed = findings.filter((f) => f.verdict === 'fail').length;
  const warned = findings.filter((f) => f.verdict === 'warn').length;
  lines.push('', failed + warned === 0 ? 'Everything checked is fine.' : `${failed} to fix, ${warned} to look at.`);
  return lines.join('\n');
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname);
if (isMain) {
  runDoctor().then(
    (findings) => {
      console.log(report(findings));
      process.exit(findings.some((f) => f.verdict === 'fail') ? 1 : 0);
    },
    (error: unknown) => {
      console.error(`Error: ${(error as Error).message}`);
      process.exit(1);
    },
  );
}
