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

const failures = [];

function run(label, command, args, env, reportFile, read, failedNames) {
  rmSync(reportFile, { force: true });
  console.log(`\n=== ${label} ===`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (!existsSync(reportFile)) {
    totals.failed += 1;
    lines.push(`${label}: no report (exit ${result.status}); counted as 1 failure`);
    return;
  }
  const report = JSON.parse(readFileSync(reportFile, 'utf8'));
  const counts = read(report);
  failures.push(...failedNames(report).map((name) => `${label}: ${name}`));
  // A runner that failed outside any test (setup crash) still fails the run.
  if (result.status !== 0 && counts.failed === 0) counts.failed = 1;
  totals.passed += counts.passed;
  totals.failed += counts.failed;
  totals.skipped += counts.skipped;
  lines.push(`${label}: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
}

const vitestCounts = (r) => ({ passed: r.numPassedTests, failed: r.numFailedTests + (r.numRuntimeErrorTestSuites ?? 0), skipped: r.numPendingTests + r.numTodoTests });
// The CI log keeps only its tail, so the names of what failed are repeated there.
const vitestFailed = (r) => r.testResults.flatMap((file) => [
  ...(file.status === 'failed' && file.assertionResults.every((t) => t.status !== 'failed') ? [`${file.name}: ${file.message}`] : []),
  ...file.assertionResults.filter((t) => t.status === 'failed').map((t) => `${file.name} › ${t.fullName}: ${(t.failureMessages[0] ?? '').split('\n')[0]}`),
]);
function playwrightFailed(report) {
  const names = [];
  const visit = (suite, file) => {
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests) {
        if (t.status === 'unexpected' || t.status === 'flaky') names.push(`${t.status} [${t.projectName}] ${file} › ${spec.title}: ${(t.results.find((x) => x.error)?.error?.message ?? '').split('\n')[0]}`);
      }
    }
    for (const child of suite.suites ?? []) visit(child, file);
  };
  for (const suite of report.suites ?? []) visit(suite, suite.file);
  return names;
}
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
  run('vitest', 'npx', vitestArgs('.tmp/vitest.json'), {}, '.tmp/vitest.json', vitestCounts, vitestFailed);
}
if (!only || only === 'e2e') {
  run('playwright (Chromium)', 'npx', ['playwright', 'test', '--reporter=list,json'],
    { PLAYWRIGHT_JSON_OUTPUT_NAME: '.tmp/playwright.json', ...(built ? { E2E_SKIP_BUILD: '1' } : {}) }, '.tmp/playwright.json',
    (r) => ({ passed: r.stats.expected + r.stats.flaky, failed: r.stats.unexpected, skipped: r.stats.skipped }), playwrightFailed);
}

if (failures.length) console.log('\nFailed or flaky:\n' + failures.map((f) => `- ${f}`).join('\n'));
console.log('\n' + lines.join('\n'));
console.log(`${totals.passed} passed, ${totals.failed} failed${totals.skipped ? ` (${totals.skipped} skipped)` : ''}`);
process.exit(totals.failed > 0 ? 1 : 0);
