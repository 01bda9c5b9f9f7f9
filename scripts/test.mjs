// `npm test`: every suite, then one closing line "N passed, N failed" over all of them.
// 0. the site build, once, so the suites that serve dist/ run instead of skipping  1. vitest (server
//    suites on one embedded PostgreSQL 17 server; conformance also against real PostgREST 12 on
//    PostgreSQL 15)  2. Playwright in Chromium, on that build.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';

const only = process.argv[2]; // optional: unit | e2e
mkdirSync('.tmp', { recursive: true });
const totals = { passed: 0, failed: 0, skipped: 0 };
const lines = [];

function run(label, command, args, env, reportFile, read) {
  rmSync(reportFile, { force: true });
  console.log(`\n=== ${label} ===`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (!existsSync(reportFile)) {
    totals.failed += 1;
    lines.push(`${label}: no report (exit ${result.status}); counted as 1 failure`);
    return;
  }
  const counts = read(JSON.parse(readFileSync(reportFile, 'utf8')));
  // A runner that failed outside any test (setup crash) still fails the run.
  if (result.status !== 0 && counts.failed === 0) counts.failed = 1;
  totals.passed += counts.passed;
  totals.failed += counts.failed;
  totals.skipped += counts.skipped;
  lines.push(`${label}: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
}

const vitestCounts = (r) => ({ passed: r.numPassedTests, failed: r.numFailedTests + (r.numRuntimeErrorTestSuites ?? 0), skipped: r.numPendingTests + r.numTodoTests });
const vitestArgs = (file, extra = []) => ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${file}`, ...extra];

let built = false;
if (!only) {
  console.log('\n=== build ===');
  built = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' }).status === 0;
  if (!built) {
    totals.failed += 1;
    lines.push('build: failed; counted as 1 failure');
  }
}
if (!only || only === 'unit') {
  run('vitest', 'npx', vitestArgs('.tmp/vitest.json'), {}, '.tmp/vitest.json', vitestCounts);
}
if (!only || only === 'e2e') {
  run('playwright (Chromium)', 'npx', ['playwright', 'test', '--reporter=list,json'],
    { PLAYWRIGHT_JSON_OUTPUT_NAME: '.tmp/playwright.json', ...(built ? { E2E_SKIP_BUILD: '1' } : {}) }, '.tmp/playwright.json',
    (r) => ({ passed: r.stats.expected + r.stats.flaky, failed: r.stats.unexpected, skipped: r.stats.skipped }));
}

console.log('\n' + lines.join('\n'));
console.log(`${totals.passed} passed, ${totals.failed} failed${totals.skipped ? ` (${totals.skipped} skipped)` : ''}`);
process.exit(totals.failed > 0 ? 1 : 0);
