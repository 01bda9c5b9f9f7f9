import { defineConfig } from '@playwright/test'
export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  timeout: 60_000,
  expect: { timeout: 7_000 },
  workers: 2,
  reporter: [['list']],
  outputDir: '/tmp/admin-test-results',
  use: {
    baseURL: process.env.BASE_URL ?? 'http://127.0.0.1:3200',
    launchOptions: { executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] },
    trace: 'retain-on-failure',
  },
})
