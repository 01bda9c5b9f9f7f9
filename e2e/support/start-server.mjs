// Starts the built site + API (`tsx server/main.ts`, or the compiled dist-server/main.mjs) as a child process on a random loopback port
// with a fresh data directory. Used by Playwright's global setup and by the screenshot and
// Lighthouse scripts.
import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

export const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium'

/** Builds dist/ and dist-ssr/ when missing (or when `force`); the server serves whatever they hold. */
export async function ensureBuilt({ force = false } = {}) {
  if (!force && existsSync('dist/index.html') && existsSync('dist-ssr/entry-server.js')) return
  await new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', 'build'], { stdio: 'inherit' })
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`npm run build exited with ${code}`))))
  })
}

/** Compiles the server into dist-server/ (`npm run build:server`), as `npm start` runs it. */
export async function buildServer() {
  await new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['scripts/build-server.mjs'], { stdio: 'inherit' })
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`build-server exited with ${code}`))))
  })
}

/**
 * @param {Record<string, string>} env extra settings (SEED_DEMO, SUPERADMIN_EMAIL, ...)
 * @param {{ timeoutMs?: number, compiled?: boolean }} options `compiled`: run dist-server/main.mjs
 *   under plain node (as `npm start` does; build it with buildServer) instead of the sources via tsx
 * @returns {Promise<{ url: string, dataDir: string, stop: () => Promise<void> }>}
 */
export async function startServer(env = {}, { timeoutMs = 120_000, compiled = false } = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'skadron-site-'))
  const args = compiled ? ['dist-server/main.mjs'] : ['node_modules/tsx/dist/cli.mjs', 'server/main.ts']
  const child = spawn(process.execPath, args, {
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      AUTH_AUTOCONFIRM: 'true',
      RATE_LIMIT_SCALE: '1000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  const url = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start in ${timeoutMs} ms:\n${output}`)), timeoutMs)
    const onData = (chunk) => {
      output += chunk
      const match = /listening on (http:\/\/\S+)/.exec(output)
      if (match) {
        clearTimeout(timer)
        // From here on the log is drained unread: keeping it would grow without bound and tax
        // this process (benchmarks run their load generator here).
        child.stdout.off('data', onData).resume()
        child.stderr.off('data', onData).resume()
        resolve(match[1])
      }
    }
    child.stdout.on('data', onData)
    child.stderr.on('data', onData)
    child.on('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`server exited with ${code}:\n${output}`))
    })
  })
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve))
      child.kill('SIGTERM')
      await exited
    }
    rmSync(dataDir, { recursive: true, force: true })
  }
  return { url, dataDir, stop }
}
