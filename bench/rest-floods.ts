/**
 * The floods of issue 20, measured in one `npm run bench` run on a server of its own (embedded
 * default, read and page caches on): staff REST p99 and sign-in p99 idle, during a 40-connection
 * flood of slow regex reads by a pending account, and during a 100-connection flood of the same
 * reads by one anonymous address; cached page req/s with and without a 40-connection `?bust=N`
 * flood. Every flood is autocannon against 127.0.0.1 for a fixed time. Writes its own section of
 * docs/benchmarks.md.
 */
import os from 'node:os';
import autocannon from 'autocannon';
import { SignJWT } from 'jose';
import { runningClusterUrl } from '../server/db/embedded.ts';
import { openPostgres } from '../server/db/postgres.ts';
import { writeBenchmarkSection } from './benchmarks-doc.ts';
import { startServerProcess } from './processes.ts';

const STAFF_ID = '00000000-0000-4000-8000-0000000000a1';
const PENDING_ID = '00000000-0000-4000-8000-0000000000a2';
const SUPERADMIN = { email: 'komandan@contoh.id', password: 'sandi-benchmark-panjang' };
// No back-reference, so it is not refused. Each flood request adds a filter of its own
// (uncached), as an attacker would to get past the read cache.
const SLOW = '/rest/v1/articles?select=id&content=match.' + encodeURIComponent('([a-z]*[0-9]*){1,100}!');
const STAFF_READ = '/rest/v1/contacts?select=id,name,created_at&order=created_at.desc&limit=20';

const SEED_SQL = `
set session_replication_role = replica;
insert into auth.users (id, email) values ('${STAFF_ID}', 'staf@contoh.id'), ('${PENDING_ID}', 'menunggu@contoh.id');
insert into public.profiles (id, full_name, username, role, status) values
  ('${STAFF_ID}', 'Staf', 'staf', 'admin', 'approved'), ('${PENDING_ID}', 'Menunggu', 'menunggu', 'user', 'pending');
insert into public.articles (title, category, content, image_gallery_urls, author_id, created_at)
select 'Artikel ' || i, 'Berita', repeat('<p>Isi artikel kegiatan skadron nomor ' || i || '. </p>', 120), '{}',
       '${STAFF_ID}', timestamptz '2024-01-01' + i * interval '1 day'
from generate_series(1, 300) i;
insert into public.contacts (name, email, message, created_at)
select 'Warga ' || i, 'warga' || i || '@contoh.id', 'Pesan ' || i, now() from generate_series(1, 50) i;
set session_replication_role = origin;
analyze;`;

export interface FloodOptions {
  base: Record<string, string>;
  readyPath: string;
  site: boolean;
  secret: string;
  dataDir: string;
  duration: number;
}

interface Probe { staffP99: number; staffRps: number; signInP99: number; signIns: number; bad: number }

const p99 = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))] : NaN;
};

async function token(secret: string, sub: string): Promise<string> {
  return new SignJWT({ role: 'authenticated', aud: 'authenticated' })
    .setProtectedHeader({ alg: 'HS256' }).setSubject(sub).setIssuedAt().setExpirationTime('2h')
    .sign(new TextEncoder().encode(secret));
}

/**
 * Staff reading the inbox (2 connections) for `seconds`, then one client signing in again and
 * again for as long: apart, since bcrypt's CPU would otherwise be in the staff figures.
 */
async function probe(url: string, apikey: string, staff: string, seconds: number): Promise<Probe> {
  const rest = await autocannon({ url: url + STAFF_READ, headers: { apikey, Authorization: `Bearer ${staff}` }, connections: 2, duration: seconds });
  const until = Date.now() + seconds * 1000;
  const times: number[] = [];
  let bad = 0;
  while (Date.now() < until) {
    const started = performance.now();
    const res = await fetch(`${url}/auth/v1/token?grant_type=password`, {
      method: 'POST', headers: { apikey, 'Content-Type': 'application/json' }, body: JSON.stringify(SUPERADMIN),
    });
    await res.arrayBuffer();
    times.push(performance.now() - started);
    if (res.status !== 200) bad += 1;
  }
  return { staffP99: rest.latency.p99, staffRps: Math.round(rest.requests.average), signInP99: Math.round(p99(times)), signIns: times.length, bad: bad + rest.errors + rest.timeouts + rest.non2xx };
}

/** `probe` while `flood` runs: the flood starts 2 s before and ends about 1 s after. */
async function during(flood: autocannon.Options, measure: () => Promise<Probe>, seconds: number): Promise<Probe & { floodRps: number; floodStatuses: string }> {
  const running = autocannon({ ...flood, duration: 2 * seconds + 3 });
  await new Promise((r) => setTimeout(r, 2000));
  const result = await measure();
  const f = await running;
  const statuses = Object.entries(f.statusCodeStats ?? {}).map(([code, s]) => `${code}: ${(s as { count: number }).count}`).join(', ');
  return { ...result, floodRps: Math.round(f.requests.average), floodStatuses: statuses };
}

export async function runFloods(options: FloodOptions): Promise<void> {
  const { base, readyPath, site, secret, dataDir, duration } = options;
  const load = os.loadavg().map((n) => n.toFixed(2)).join(' / ');
  const server = await startServerProcess({
    ...base, PORT: '0', DATA_DIR: dataDir, SUPERADMIN_EMAIL: SUPERADMIN.email, SUPERADMIN_PASSWORD: SUPERADMIN.password,
  }, readyPath);
  try {
    const admin = await openPostgres(runningClusterUrl(dataDir)!, { poolSize: 1, anonymousConcurrency: 1 });
    await admin.exec(SEED_SQL);
    await admin.close();
    const apikey = /SUPABASE_ANON_KEY["']?\s*:\s*["']([^"']+)/.exec(await (await fetch(`${server.url}/env.js`)).text())![1];
    const staff = await token(secret, STAFF_ID);
    const pending = await token(secret, PENDING_ID);
    const url = server.url;
    const measure = () => probe(url, apikey, staff, duration);

    await probe(url, apikey, staff, 2);
    const idle = await measure();
    let n = 0;
    const uncached = [{ setupRequest: (req: { path?: string }) => ({ ...req, path: `${SLOW}&title=neq.x${n++}` }) }];
    const pendingFlood = await during({ url: url + SLOW, headers: { apikey, Authorization: `Bearer ${pending}` }, connections: 40, requests: uncached }, measure, duration);
    const anonFlood = await during({ url: url + SLOW, headers: { apikey }, connections: 100, requests: uncached }, measure, duration);

    let pages: { alone: number; busted: number; bustRps: number } | undefined;
    if (site) {
      const page = () => autocannon({ url: `${url}/`, headers: { 'Accept-Encoding': 'br' }, connections: 10, duration });
      await autocannon({ url: `${url}/`, connections: 10, duration: 2 });
      const alone = await page();
      const bust = autocannon({
        url: `${url}/`, connections: 40, duration: duration + 3,
        requests: [{ setupRequest: (req) => ({ ...req, path: `/?bust=${n++}` }) }],
      });
      await new Promise((r) => setTimeout(r, 2000));
      const busted = await page();
      const b = await bust;
      pages = { alone: Math.round(alone.requests.average), busted: Math.round(busted.requests.average), bustRps: Math.round(b.requests.average) };
    }

    const loadAfter = os.loadavg().map((n) => n.toFixed(2)).join(' / ');
    const rows = [
      ['idle', idle],
      ['40-connection pending-account regex flood', pendingFlood],
      ['100-connection anonymous regex flood', anonFlood],
    ] as const;
    for (const [name, r] of rows) console.log(`${name.padEnd(44)} staff p99 ${r.staffP99} ms (${r.staffRps} req/s)  sign-in p99 ${r.signInP99} ms (${r.signIns})  bad ${r.bad}`);
    if (pages) console.log(`cached page: ${pages.alone} req/s alone, ${pages.busted} req/s during the bust flood (${pages.bustRps} req/s of ?bust=N)`);

    const met = (ok: boolean) => (ok ? 'met' : '**not met**');
    const ratio = (a: number, b: number) => `${(a / b).toFixed(2)}x`;
    const goals = [pendingFlood, anonFlood].flatMap((r, i) => {
      const what = i === 0 ? 'pending-account flood' : 'anonymous flood';
      return [
        `| staff REST p99 during the ${what} <= 3x idle | ${ratio(r.staffP99, idle.staffP99)} | ${met(r.staffP99 <= 3 * idle.staffP99)} |`,
        `| sign-in p99 during the ${what} <= 3x idle | ${ratio(r.signInP99, idle.signInP99)} | ${met(r.signInP99 <= 3 * idle.signInP99)} |`,
      ];
    });
    if (pages) goals.push(`| cached page req/s during the bust flood >= 0.8x without | ${ratio(pages.busted, pages.alone)} | ${met(pages.busted >= 0.8 * pages.alone)} |`);
    writeBenchmarkSection('## REST and pages under floods', `## REST and pages under floods

\`npm run bench\` (bench/rest-floods.ts), ${new Date().toISOString().slice(0, 10)}, one round. A server of its own
(\`node dist-server/main.mjs\`, embedded PostgreSQL 17, default pool of 20, read and page caches on) with 300
articles of about 6 kB. Staff: an approved admin's token reading the inbox (\`GET ${STAFF_READ}\`) at
2 connections for ${duration} s, then one client signing in (\`POST /auth/v1/token\`, bcrypt) again and again for
${duration} s. The floods start 2 s before and end about 1 s after: autocannon on 127.0.0.1 with
\`GET ${SLOW}\` (a regex without back-references, so it runs, each with a \`&title=neq.xN\` of its own so the read cache
cannot answer it), as a
pending account (40 connections) and as one anonymous address (100 connections). Load average (1/5/15 min)
${load} at the start, ${loadAfter} at the end, on 2 shared cores.

| while | staff p99 ms | staff req/s | sign-in p99 ms | sign-ins | errors + non-2xx (staff, sign-in) | flood req/s | flood answers |
|---|---|---|---|---|---|---|---|
| idle | ${idle.staffP99} | ${idle.staffRps} | ${idle.signInP99} | ${idle.signIns} | ${idle.bad} | - | - |
| pending-account flood, 40 connections | ${pendingFlood.staffP99} | ${pendingFlood.staffRps} | ${pendingFlood.signInP99} | ${pendingFlood.signIns} | ${pendingFlood.bad} | ${pendingFlood.floodRps} | ${pendingFlood.floodStatuses} |
| anonymous flood, 100 connections | ${anonFlood.staffP99} | ${anonFlood.staffRps} | ${anonFlood.signInP99} | ${anonFlood.signIns} | ${anonFlood.bad} | ${anonFlood.floodRps} | ${anonFlood.floodStatuses} |

${pages ? `Cached page \`GET /\` (brotli) at 10 connections for ${duration} s: ${pages.alone} req/s alone, ${pages.busted} req/s while 40
other connections request \`/?bust=N\` with a new N each time (${pages.bustRps} req/s, all answered from the one entry of \`/\`).` : 'No built site (dist/): the bust flood was not measured.'}

| goal (issue 20) | measured | |
|---|---|---|
${goals.join('\n')}
`);
  } finally {
    await server.stop();
  }
}
