import { spawnSync } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { defineConfig, devices } from '@playwright/test'
import { TRUSTED_PROXY } from './e2e/support/visitor-proxy'

// This file is evaluated again in every worker; values chosen once in the main process are
// handed down through the environment so all processes agree on port and data directory.
function freePort(): string {
  const probe = spawnSync(process.execPath, [
    '-e',
    "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})",
  ])
  return probe.stdout.toString().trim()
}
process.env.E2E_PORT ??= freePort()
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'skadron-e2e-'))
process.env.SUPERADMIN_EMAIL ??= 'super@example.com'
process.env.SUPERADMIN_PASSWORD ??= 'rahasia123'

const baseURL = `http://127.0.0.1:${process.env.E2E_PORT}`
const chromium = {
  ...devices['Desktop Chrome'],
  launchOptions: { executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] },
}
const phone = { width: 390, height: 844 }
const desktop = { width: 1440, height: 900 }
// E2E_SKIP_BUILD=1 reuses an existing dist/ when iterating locally.
const build = process.env.E2E_SKIP_BUILD ? '' : 'npm run build && '

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  retries: process.env.CI ? 1 : 0,
  workers: 2,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  outputDir: 'test-results',
  // Counts rows and stored files before and after the run: the specs must leave them as they were.
  globalSetup: './e2e/support/census.ts',
  reporter: [['list'], ['json', { outputFile: '.tmp/playwright.json' }]],
  use: {
    ...chromium,
    baseURL,
    locale: 'id-ID',
    timezoneId: 'Asia/Jakarta',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    { name: 'public-phone', testDir: 'e2e/public', use: { ...chromium, viewport: phone, isMobile: false, hasTouch: false } },
    { name: 'public-desktop', testDir: 'e2e/public', use: { ...chromium, viewport: desktop } },
    // The admin and auth specs pick their own viewports inside the tests.
    { name: 'admin', testMatch: ['admin/**/*.spec.ts', 'auth/**/*.spec.ts'], use: { ...chromium, viewport: desktop } },
  ],
  webServer: {
    command: `${build}node scripts/build-server.mjs && node dist-server/main.mjs`,
    url: `${baseURL}/env.js`,
    reuseExistingServer: false,
    timeout: 240_000,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      HOST: '127.0.0.1',
      PORT: process.env.E2E_PORT,
      DATA_DIR: process.env.E2E_DATA_DIR,
      SITE_URL: baseURL,
      AUTH_AUTOCONFIRM: 'true',
      // the visitor-statistics spec's readers come through proxies there, each with its own address
      TRUST_PROXY: TRUSTED_PROXY,
      RATE_LIMIT_SCALE: '1000',
      SEED_DEMO: 'false',
      DEV_MAILBOX: 'true',
      // passkeys on, so Keamanan and the recovery screen show them (the site offers no way to add one)
      AUTH_PASSKEYS: 'true',
      // The server runs build-server.mjs without refreshing build-manifest.json; the watch has its own tests.
      INTEGRITY_INTERVAL: '0',
      SUPERADMIN_EMAIL: process.env.SUPERADMIN_EMAIL,
      SUPERADMIN_PASSWORD: process.env.SUPERADMIN_PASSWORD,
      // A JSON line per request would bury the report; problems are still printed.
      LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
    },
  },
})
