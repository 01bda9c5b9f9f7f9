// Issue 36 benchmarks, one sitting: (1) an article with a video beside the same article without
// it: JavaScript a phone loads (gzip 6, against an empty React 19 app as scripts/lighthouse.mjs
// measures it) and Lighthouse (mobile, median of 3); (2) the time from a save's answer to its
// purge call reaching the CDN (a local stand-in for Cloudflare's API). Prints Markdown rows.
import os from 'node:os'
import { gzipSync } from 'node:zlib'
import { build as esbuild } from 'esbuild'
import lighthouse from 'lighthouse'
import * as chromeLauncher from 'chrome-launcher'
import { chromium } from '@playwright/test'
import { createClient } from '@supabase/supabase-js'
import WebSocket from 'ws'
import type { Database } from '../src/lib/database.types.ts'
import { purgeEndpoint } from '../tests/cdn/purge-endpoint.ts'

const { buildServer, CHROMIUM, ensureBuilt, startServer } = (await import('../e2e/support/start-server.mjs' as string)) as {
  buildServer: () => Promise<void>
  CHROMIUM: string
  ensureBuilt: () => Promise<void>
  startServer: (env: Record<string, string>, options: { compiled: boolean }) => Promise<{ url: string; stop: () => Promise<void> }>
}

const VIDEO = '<div data-youtube-video=""><iframe src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ" title="Latihan Terbang Malam" width="640" height="360" allowfullscreen="true"></iframe></div>'
const SAVES = 20
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]
const p95 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.ceil(values.length * 0.95) - 1]

await ensureBuilt()
await buildServer()
const baseline = await esbuild({
  stdin: { contents: "import { createElement } from 'react'\nimport { createRoot } from 'react-dom/client'\ncreateRoot(document.getElementById('root')).render(createElement('h1', null, 'Skadron 31/Serbu'))\n", resolveDir: process.cwd() },
  bundle: true, minify: true, format: 'esm', write: false, define: { 'process.env.NODE_ENV': '"production"' }, logLevel: 'warning',
})
const baselineJs = gzipSync(baseline.outputFiles[0].contents, { level: 6 }).length

const cdn = await purgeEndpoint()
const load = [os.loadavg()[0]]
const server = await startServer({
  SEED_DEMO: 'true', SUPERADMIN_EMAIL: 'bench@contoh.id', SUPERADMIN_PASSWORD: 'bench-rahasia-123', CDN_PURGE_URL: cdn.url, CDN_PURGE_TOKEN: 'bench',
}, { compiled: true })
try {
  const env = JSON.parse(/(\{.*\})/.exec(await (await fetch(`${server.url}/env.js`)).text())![1]) as { SUPABASE_ANON_KEY: string }
  const supabase = createClient<Database>(server.url, env.SUPABASE_ANON_KEY, { auth: { persistSession: false }, realtime: { transport: WebSocket as never } })
  const { data: session } = await supabase.auth.signInWithPassword({ email: 'bench@contoh.id', password: 'bench-rahasia-123' })
  const { data: demo } = await supabase.from('articles').select('title, content, cover_image_url').not('published_at', 'is', null).limit(1).single()
  const insert = async (title: string, content: string) =>
    (await supabase.from('articles').insert({ title, content, author_id: session.user!.id, cover_image_url: demo!.cover_image_url, published_at: new Date().toISOString() }).select('id, version').single()).data!
  const plain = await insert(`${demo!.title} (tanpa video)`, demo!.content)
  const withVideo = await insert(`${demo!.title} (dengan video)`, `${demo!.content}${VIDEO}`)

  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] })
  const js: Record<string, { total: number; thirdParty: number }> = {}
  for (const [label, id] of [['without video', plain.id], ['with video', withVideo.id]] as const) {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } })
    const sizes: Promise<number>[] = []
    let thirdParty = 0
    page.on('request', (request) => { if (!request.url().startsWith(server.url)) thirdParty++ })
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script' && !response.url().endsWith('/env.js')) sizes.push(response.body().then((b) => gzipSync(b, { level: 6 }).length).catch(() => 0))
    })
    await page.goto(`${server.url}/berita/${id}`, { waitUntil: 'networkidle' })
    js[label] = { total: (await Promise.all(sizes)).reduce((a, b) => a + b, 0), thirdParty }
    await page.close()
  }
  await browser.close()

  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'] })
  const scores: Record<string, { performance: number; lcp: number; tbt: number; a11y: number; bp: number; seo: number }> = {}
  try {
    for (const [label, id] of [['without video', plain.id], ['with video', withVideo.id]] as const) {
      const runs = []
      for (let run = 0; run < 3; run++) {
        const { lhr } = (await lighthouse(`${server.url}/berita/${id}`, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'] }))!
        const score = (key: string) => Math.round((lhr.categories[key]?.score ?? 0) * 100)
        runs.push({ performance: score('performance'), a11y: score('accessibility'), bp: score('best-practices'), seo: score('seo'),
          lcp: lhr.audits['largest-contentful-paint']?.numericValue ?? NaN, tbt: lhr.audits['total-blocking-time']?.numericValue ?? NaN })
      }
      scores[label] = {
        performance: median(runs.map((r) => r.performance)), lcp: median(runs.map((r) => r.lcp)), tbt: median(runs.map((r) => r.tbt)),
        a11y: median(runs.map((r) => r.a11y)), bp: median(runs.map((r) => r.bp)), seo: median(runs.map((r) => r.seo)),
      }
    }
  } finally {
    await chrome.kill()
  }

  const saveMs: number[] = []
  const purgeMs: number[] = []
  let version = plain.version
  for (let i = 0; i < SAVES; i++) {
    const before = cdn.calls.length
    const started = performance.now()
    const { data } = await supabase.from('articles').update({ title: `Simpan ${i}`, version }).eq('id', plain.id).select('version').single()
    const saved = performance.now()
    version = data!.version
    let call = cdn.calls.slice(before).find((c) => c.tags.includes(`article-${plain.id}`))
    while (!call) {
      await cdn.nextCall()
      call = cdn.calls.slice(before).find((c) => c.tags.includes(`article-${plain.id}`))
    }
    saveMs.push(saved - started)
    purgeMs.push(call.at - saved)
    await new Promise((resolve) => setTimeout(resolve, 300))
  }
  load.push(os.loadavg()[0])

  console.log(`load average (1 min) ${load.map((l) => l.toFixed(1)).join(' -> ')}, ${os.cpus().length} cores`)
  console.log('| article /berita/{id} | JS gzip (bytes) | ratio to empty React 19 app | requests to other hosts before play | Lighthouse perf | LCP | TBT | a11y / best practices / SEO |')
  console.log('|---|---|---|---|---|---|---|---|')
  for (const label of ['without video', 'with video']) {
    const s = scores[label]
    console.log(`| ${label} | ${js[label].total} | ${(js[label].total / baselineJs).toFixed(2)} | ${js[label].thirdParty} | ${s.performance} | ${(s.lcp / 1000).toFixed(2)} s | ${Math.round(s.tbt)} ms | ${s.a11y} / ${s.bp} / ${s.seo} |`)
  }
  console.log(`empty React 19 app: ${baselineJs} bytes`)
  console.log(`| ${SAVES} saves | save answered (median / p95) | save answered -> purge call received (median / p95) |`)
  console.log(`| ms | ${median(saveMs).toFixed(0)} / ${p95(saveMs).toFixed(0)} | ${median(purgeMs).toFixed(0)} / ${p95(purgeMs).toFixed(0)} |`)
} finally {
  await server.stop()
  await cdn.close()
}
