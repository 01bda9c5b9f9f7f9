// `npm run lighthouse`: builds the site, starts it with demo content on a fresh data directory, runs
// Lighthouse (mobile, the default config) on /, /kegiatan and one /berita/{id} with the system
// Chromium, measures the JavaScript each public page loads, and writes both into the section
// "## Public site: bundle size and Lighthouse" of docs/benchmarks.md.
// Flags: --no-build reuses dist/ as it is.
import { readFile, writeFile } from 'node:fs/promises'
import os from 'node:os'
import { gzipSync } from 'node:zlib'
import lighthouse from 'lighthouse'
import * as chromeLauncher from 'chrome-launcher'
import { chromium } from '@playwright/test'
import { CHROMIUM, ensureBuilt, startServer } from '../e2e/support/start-server.mjs'

const HEADING = '## Public site: bundle size and Lighthouse'
const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync']
const kb = (bytes) => (bytes / 1024).toFixed(1)

await ensureBuilt({ force: !process.argv.includes('--no-build') })
const server = await startServer({ SEED_DEMO: 'true' })
const results = []
const bundles = []
try {
  const envText = await (await fetch(`${server.url}/env.js`)).text()
  const { SUPABASE_ANON_KEY } = JSON.parse(/(\{.*\})/.exec(envText)[1])
  const articles = await (await fetch(`${server.url}/rest/v1/articles?select=id&order=created_at.desc&limit=1`, { headers: { apikey: SUPABASE_ANON_KEY } })).json()
  if (!articles[0]) throw new Error('no demo article to measure (SEED_DEMO)')
  const articlePath = `/berita/${articles[0].id}`

  // JavaScript per public page: every script the page fetches until the network is idle,
  // gzip-compressed here at level 6 (what servers commonly send), so the server's own setting does not matter.
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] })
  const entryHtml = await readFile('dist/index.html', 'utf8')
  const entryFiles = [...entryHtml.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1])
  for (const path of ['/', '/profil', '/struktur', '/kegiatan', articlePath, '/kontak', '/login']) {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } })
    const scripts = new Map()
    page.on('response', async (response) => {
      if (response.request().resourceType() !== 'script') return
      const url = new URL(response.url())
      if (url.pathname === '/env.js') return
      scripts.set(url.pathname, response.body().then((body) => gzipSync(body, { level: 6 }).length).catch(() => 0))
    })
    await page.goto(`${server.url}${path}`, { waitUntil: 'networkidle' })
    const sizes = await Promise.all([...scripts].map(async ([name, size]) => [name, await size]))
    const total = sizes.reduce((sum, [, size]) => sum + size, 0)
    const entry = sizes.filter(([name]) => entryFiles.includes(name)).reduce((sum, [, size]) => sum + size, 0)
    const admin = sizes.filter(([name]) => /admin|routes-|dashboard|users-page|content-page|my-account/.test(name)).map(([name]) => name)
    bundles.push({ path: path === articlePath ? '/berita/{id}' : path, entry, total, files: sizes.length, admin })
    await page.close()
  }
  await browser.close()

  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: FLAGS })
  try {
    for (const path of ['/', '/kegiatan', articlePath]) {
      const runner = await lighthouse(`${server.url}${path}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      })
      const { categories, audits } = runner.lhr
      const score = (id) => Math.round((categories[id]?.score ?? 0) * 100)
      results.push({
        path: path === articlePath ? '/berita/{id}' : path,
        performance: score('performance'),
        accessibility: score('accessibility'),
        bestPractices: score('best-practices'),
        seo: score('seo'),
        lcp: audits['largest-contentful-paint']?.displayValue ?? '-',
        tbt: audits['total-blocking-time']?.displayValue ?? '-',
        cls: audits['cumulative-layout-shift']?.displayValue ?? '-',
        failed: Object.values(audits)
          .filter((a) => a.score !== null && a.score < 1 && ['binary', 'numeric'].includes(a.scoreDisplayMode) && a.details?.type !== 'opportunity')
          .filter((a) => ['seo', 'accessibility', 'best-practices'].some((c) => categories[c].auditRefs.some((r) => r.id === a.id && r.weight > 0)))
          .map((a) => a.id),
      })
      console.log(results.at(-1))
    }
  } finally {
    await chrome.kill()
  }
} finally {
  await server.stop()
}

const date = new Date().toISOString().slice(0, 10)
const cpu = os.cpus()[0]?.model ?? 'unknown CPU'
const section = [
  HEADING,
  '',
  `\`npm run lighthouse\` (scripts/lighthouse.mjs), ${date}, ${os.cpus().length} x ${cpu}, Node ${process.version}, load average at start ${os.loadavg()[0].toFixed(1)}.`,
  'The built site (client and server renderer, `npm run build`) runs on `tsx server/main.ts` with demo content (SEED_DEMO) on a fresh data directory; Lighthouse 12',
  'uses its default mobile settings (simulated slow 4G, 4x CPU slowdown) in the system Chromium. Budget (issue 5):',
  'performance >= 90, accessibility 100, best practices >= 95, SEO 100; initial JavaScript <= 150 kB gzip.',
  ...(os.loadavg()[0] > os.cpus().length
    ? ['', `Caution: the machine was busy (load average ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} cores) while this ran; Lighthouse`, "simulates a 4x slower CPU on top, so TBT and the performance score are pessimistic. Re-run on an idle machine."]
    : []),
  '',
  '| page | performance | accessibility | best practices | SEO | LCP | TBT | CLS | audits below 1 |',
  '|---|---|---|---|---|---|---|---|---|',
  ...results.map((r) => `| ${r.path} | ${r.performance} | ${r.accessibility} | ${r.bestPractices} | ${r.seo} | ${r.lcp} | ${r.tbt} | ${r.cls} | ${r.failed.join(', ') || '-'} |`),
  '',
  'JavaScript per public page at 390 px (gzip level 6 of each file, summed). "Entry" is what index.html loads',
  'before anything renders (the entry chunk and its preloads); "all" is every script fetched until the network',
  'is idle, including the route chunk. Public pages are server-rendered and read their data with fetch: supabase-js',
  '(~52 kB gzip) is fetched only on /login (or with a stored session). No admin chunk is fetched on any public page.',
  '',
  '| page | entry kB | all kB | script files | admin chunks fetched |',
  '|---|---|---|---|---|',
  ...bundles.map((b) => `| ${b.path} | ${kb(b.entry)} | ${kb(b.total)} | ${b.files} | ${b.admin.length ? b.admin.join(', ') : 'none'} |`),
  '',
].join('\n')

const file = 'docs/benchmarks.md'
let doc = await readFile(file, 'utf8').catch(() => '# Benchmarks\n')
const start = doc.indexOf(HEADING)
if (start === -1) doc = `${doc.trimEnd()}\n\n${section}`
else {
  const next = doc.indexOf('\n## ', start + HEADING.length)
  doc = `${doc.slice(0, start)}${section}${next === -1 ? '' : doc.slice(next)}`
}
await writeFile(file, doc.endsWith('\n') ? doc : `${doc}\n`)
console.log(`wrote ${HEADING} to ${file}`)
