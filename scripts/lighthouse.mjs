// `npm run lighthouse`: builds the site and the server, starts the compiled server with demo
// content on a fresh data directory, runs Lighthouse (mobile, the default config) three times on
// /, /kegiatan, one /berita/{id} and an empty React 19 app served by the same server (the LCP
// yardstick), with the system Chromium; measures the JavaScript each public page loads, and writes
// the medians into the section "## Public site: bundle size and Lighthouse" of docs/benchmarks.md.
// Flags: --no-build reuses dist/ as it is; --save-reports keeps each run's report in .tmp/lighthouse/;
// --js-only measures and prints the JavaScript per page (and its ratio to the empty app) without
// running Lighthouse or writing the document.
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import { build as esbuild } from 'esbuild'
import os from 'node:os'
import { gzipSync } from 'node:zlib'
import lighthouse from 'lighthouse'
import * as chromeLauncher from 'chrome-launcher'
import { chromium } from '@playwright/test'
import { buildServer, CHROMIUM, ensureBuilt, startServer } from '../e2e/support/start-server.mjs'

const HEADING = '## Public site: bundle size and Lighthouse'
const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync']
const kb = (bytes) => (bytes / 1024).toFixed(1)

const RUNS = 3
const JS_ONLY = process.argv.includes('--js-only')
const BASELINE_DIR = 'dist/lighthouse-baseline'
const SAVE_DIR = process.argv.includes('--save-reports') ? '.tmp/lighthouse' : null
if (SAVE_DIR) await mkdir(SAVE_DIR, { recursive: true })
// A run without a value (Lighthouse found no LCP) is left out rather than sorted as NaN.
const median = (values) => {
  const known = values.filter((v) => !Number.isNaN(v)).sort((a, b) => a - b)
  return known.length ? known[Math.floor(known.length / 2)] : NaN
}

await ensureBuilt({ force: !process.argv.includes('--no-build') })
await buildServer()
// The yardstick: React 19 rendering one heading, nothing else, from the same server.
await mkdir(BASELINE_DIR, { recursive: true })
await writeFile(`${BASELINE_DIR}/main.js`, "import { createElement } from 'react'\nimport { createRoot } from 'react-dom/client'\ncreateRoot(document.getElementById('root')).render(createElement('h1', null, 'Skadron 31/Serbu'))\n")
await esbuild({ entryPoints: [`${BASELINE_DIR}/main.js`], bundle: true, minify: true, format: 'esm', outfile: `${BASELINE_DIR}/app.js`, define: { 'process.env.NODE_ENV': '"production"' }, logLevel: 'warning' })
// The JavaScript yardstick (issue 22: a public page at most 1.8x this), gzip level 6 like the pages' scripts.
const baselineJs = gzipSync(await readFile(`${BASELINE_DIR}/app.js`), { level: 6 }).length
const JS_RATIO_BUDGET = 1.8
await writeFile(`${BASELINE_DIR}/index.html`, '<!doctype html>\n<html lang="id">\n<head><meta charset="UTF-8"><meta name="viewport" content="width=device-width, initial-scale=1.0"><title>React 19</title><meta name="description" content="Aplikasi React 19 kosong."><link rel="icon" href="/images/brand/logo-64.png"><script type="module" src="/lighthouse-baseline/app.js"></script></head>\n<body><div id="root"></div></body>\n</html>\n')
const loadAtStart = os.loadavg()
const server = await startServer({ SEED_DEMO: 'true' }, { compiled: true })
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
  // The entry and its preloads, as the page's inline loader names them (scripts/vite/load-app-after-content.ts).
  const entryFiles = [...entryHtml.matchAll(/"(\/assets\/[^"]+\.js)"/g)].map((m) => m[1])
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
    bundles.push({ path: path === articlePath ? '/berita/{id}' : path, entry, total, files: sizes.length, admin, sizes })
    await page.close()
  }
  await browser.close()
  if (JS_ONLY) {
    console.log(`empty React 19 app: ${kb(baselineJs)} kB gzip`)
    for (const b of bundles) console.log(`${b.path}: ${b.sizes.sort((x, y) => y[1] - x[1]).map(([name, size]) => `${name.replace('/assets/', '')} ${kb(size)}`).join(', ')}`)
    for (const b of bundles) console.log(`${b.path}: entry ${kb(b.entry)} kB, all ${kb(b.total)} kB, ${(b.total / baselineJs).toFixed(3)}x, ${b.files} files, admin chunks: ${b.admin.join(', ') || 'none'}`)
  }

  if (!JS_ONLY) {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: FLAGS })
  try {
    const targets = [['/', '/'], ['/kegiatan', '/kegiatan'], [articlePath, '/berita/{id}'], ['/lighthouse-baseline/index.html', 'empty React 19 app']]
    for (const [path, label] of targets) {
      const runs = []
      for (let run = 0; run < RUNS; run++) {
        const runner = await lighthouse(`${server.url}${path}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
        })
        const { categories, audits } = runner.lhr
        if (SAVE_DIR) await writeFile(`${SAVE_DIR}/${label.replace(/\W+/g, '_')}-${run}.json`, JSON.stringify(runner.lhr))
        const score = (id) => Math.round((categories[id]?.score ?? 0) * 100)
        runs.push({
          performance: score('performance'),
          accessibility: score('accessibility'),
          bestPractices: score('best-practices'),
          seo: score('seo'),
          lcp: audits['largest-contentful-paint']?.numericValue ?? NaN,
          tbt: audits['total-blocking-time']?.numericValue ?? NaN,
          cls: audits['cumulative-layout-shift']?.numericValue ?? NaN,
          lcpElement: audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node?.selector ?? '-',
          failed: Object.values(audits)
            .filter((a) => a.score !== null && a.score < 1 && ['binary', 'numeric'].includes(a.scoreDisplayMode) && a.details?.type !== 'opportunity')
            .filter((a) => ['seo', 'accessibility', 'best-practices'].some((c) => categories[c].auditRefs.some((r) => r.id === a.id && r.weight > 0)))
            .map((a) => a.id),
        })
      }
      const pick = (key) => median(runs.map((r) => r[key]))
      results.push({
        path: label,
        performance: pick('performance'),
        accessibility: pick('accessibility'),
        bestPractices: pick('bestPractices'),
        seo: pick('seo'),
        lcp: pick('lcp'),
        tbt: pick('tbt'),
        cls: pick('cls'),
        performanceRuns: runs.map((r) => r.performance),
        lcpElement: runs[0].lcpElement,
        failed: [...new Set(runs.flatMap((r) => r.failed))],
      })
      console.log(results.at(-1))
    }
  } finally {
    await chrome.kill()
  }
  }
} finally {
  await server.stop()
  await rm(BASELINE_DIR, { recursive: true, force: true })
}
if (JS_ONLY) process.exit(0)
const loadAtEnd = os.loadavg()
const baseline = results.find((r) => r.path === 'empty React 19 app')
const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`
const load = (l) => l.map((n) => n.toFixed(2)).join(' / ')
const busy = Math.max(loadAtStart[0], loadAtEnd[0]) > os.cpus().length

const cpu = os.cpus()[0]?.model ?? 'unknown CPU'
const section = [
  HEADING,
  '',
  `\`npm run lighthouse\` (scripts/lighthouse.mjs), ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, ${os.cpus().length} x ${cpu}, Node ${process.version}, load average (1 / 5 / 15 min) ${load(loadAtStart)} at start and ${load(loadAtEnd)} at the end.`,
  'The built site (client and server renderer, `npm run build`) on the compiled server (`node dist-server/main.mjs`, as `npm start` runs it) with demo content (SEED_DEMO) on a fresh data directory;',
  `Lighthouse 12 with its default mobile settings (simulated slow 4G, 4x CPU slowdown) in the system Chromium, ${RUNS} runs per page, medians shown.`,
  'The yardstick is an empty React 19 app (one heading rendered by createRoot) served by the same server in the same run.',
  'Budget (issues 10 and 22): performance >= 95, LCP at most 1.2x the empty app\'s, accessibility, best practices and SEO 100; the JavaScript a public page fetches until it is interactive at most 1.8x the empty app\'s.',
  ...(busy
    ? ['', `Caution: the machine was busy (load average above its ${os.cpus().length} cores) while this ran; Lighthouse simulates a 4x slower CPU`, 'on top of the real one, so TBT and the performance score are pessimistic. Re-run on an idle machine.']
    : []),
  '',
  '| page | performance (runs) | accessibility | best practices | SEO | LCP | LCP / empty app | TBT | CLS | LCP element | audits below 1 |',
  '|---|---|---|---|---|---|---|---|---|---|---|',
  ...results.map((r) => `| ${r.path} | ${r.performance} (${r.performanceRuns.join(', ')}) | ${r.accessibility} | ${r.bestPractices} | ${r.seo} | ${seconds(r.lcp)} | ${baseline ? (r.lcp / baseline.lcp).toFixed(2) : '-'} | ${Math.round(r.tbt)} ms | ${r.cls.toFixed(3)} | \`${r.lcpElement}\` | ${r.failed.join(', ') || '-'} |`),
  '',
  'JavaScript per public page at 390 px (gzip level 6 of each file, summed). "Entry" is what the page\'s inline loader',
  'starts once the server-rendered page has loaded and painted (the entry chunk and its preloads); "all" is every script',
  'fetched until the network is idle, including the route chunk. Public pages read their data with fetch: supabase-js',
  '(~52 kB gzip) is fetched only on /login (or with a stored session); sonner with the first toast, zod with the first',
  'contact-form send. No admin chunk is fetched on any public page.',
  `The empty React 19 app's script (React and React DOM, esbuild-minified) is ${kb(baselineJs)} kB gzip; "all / empty app" is the page's "all" over it (budget ${JS_RATIO_BUDGET}).`,
  '',
  '| page | entry kB | all kB | all / empty app | script files | admin chunks fetched |',
  '|---|---|---|---|---|---|',
  ...bundles.map((b) => `| ${b.path} | ${kb(b.entry)} | ${kb(b.total)} | ${(b.total / baselineJs).toFixed(2)}${b.total / baselineJs > JS_RATIO_BUDGET ? ' (over)' : ''} | ${b.files} | ${b.admin.length ? b.admin.join(', ') : 'none'} |`),
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
