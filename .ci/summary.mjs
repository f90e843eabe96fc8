// Adds up the Vitest JSON reports of the unit and browser runs, and the chat smokes' reports (one test each,
// scripts/smoke-chat.mjs), into one "N passed, N failed" line.
// A stage that failed before any test ran (typecheck, lint, build) counts as one failure.
import { existsSync, readdirSync, readFileSync } from 'node:fs';

const status = Number(process.argv[2] ?? 1);
let passed = 0;
let failed = 0;
let skipped = 0;
for (const file of ['test-results/unit.json', 'test-results/e2e.json']) {
  if (!existsSync(file)) continue;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  passed += report.numPassedTests ?? 0;
  failed += report.numFailedTests ?? 0;
  skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  // A file that fails to load has no failed test but is a failure all the same.
  const brokenSuites = (report.testResults ?? []).filter(
    (r) => r.status === 'failed' && (r.assertionResults ?? []).every((a) => a.status !== 'failed'),
  ).length;
  failed += brokenSuites;
}
for (const file of existsSync('test-results') ? readdirSync('test-results') : []) {
  if (!/^smoke-.*\.json$/.test(file)) continue;
  const smoke = JSON.parse(readFileSync(`test-results/${file}`, 'utf8'));
  if (smoke.ok === true) passed += 1;
  else failed += 1;
}
if (status !== 0 && failed === 0) failed = 1;
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
