// The project's one test command (`npm test`): every check CI runs, in order, with one summary at the end.
// Steps run even after an earlier one fails, so a single run shows everything that is broken.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { ensureChromium } from './ensure-chromium.mjs';

const reports = join('test-results', 'reports');
const large = join(process.cwd(), 'test-results', 'large-dataset');
rmSync(reports, { recursive: true, force: true });
rmSync(large, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

/** @type {{ name: string; command: string[]; env?: Record<string, string>; needs?: () => boolean }[]} */
const steps = [
  // First: the Studio's validation tests (vitest) import its packages. Skips when they are current.
  { name: 'studio install', command: ['npm', 'run', '--silent', 'studio:install'] },
  { name: 'typecheck', command: ['npm', 'run', '--silent', 'check'] },
  { name: 'lint', command: ['npm', 'run', '--silent', 'lint'] },
  { name: 'format', command: ['npm', 'run', '--silent', 'format:check'] },
  {
    name: 'unit and backend tests',
    command: [
      'npx',
      'vitest',
      'run',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${join(reports, 'vitest.json')}`,
    ],
  },
  { name: 'build', command: ['npm', 'run', '--silent', 'build'] },
  {
    name: 'studio typecheck and build',
    command: ['sh', '-c', 'npx tsc -p studio/tsconfig.json && npm run --silent studio:build'],
    // Offline: no telemetry, no project (the build does not need one).
    env: { DO_NOT_TRACK: '1', SANITY_TELEMETRY_DISABLED: '1' },
  },
  {
    name: 'browser tests',
    command: ['npx', 'playwright', 'test'],
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: join(reports, 'playwright.json') },
    // Installs Debian's Chromium when it is missing and this machine can, else says what to install.
    needs: ensureChromium,
  },
  {
    // The embedded dataset's categories and authors fit on one page each, so their later pages are
    // tested on a generated dataset (README, "A large dataset"), built apart from dist/.
    name: 'browser tests on a generated dataset',
    command: [
      'sh',
      '-c',
      'npm run --silent dataset:generate -- --articles 200 --out "$CONTENT_DATASET_DIR" && ' +
        'npx astro build --silent --outDir "$E2E_DIST_DIR" && npx playwright test pagination',
    ],
    env: {
      CONTENT_DATASET_DIR: join(large, 'dataset'),
      E2E_DIST_DIR: join(large, 'site'),
      PLAYWRIGHT_JSON_OUTPUT_NAME: join(reports, 'playwright-large-dataset.json'),
    },
    needs: ensureChromium,
  },
];

const only = process.argv.slice(2);
const failed = [];
for (const step of steps) {
  if (only.length > 0 && !only.some((word) => step.name.includes(word))) continue;
  console.log(`\n▶ ${step.name}: ${step.command.join(' ')}`);
  const started = Date.now();
  if (step.needs && !step.needs()) {
    console.log(`◀ ${step.name}: FAILED (missing requirement, see above)`);
    failed.push(step.name);
    continue;
  }
  const result = spawnSync(step.command[0], step.command.slice(1), {
    stdio: 'inherit',
    env: { ...process.env, ...step.env },
  });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(`◀ ${step.name}: ${result.status === 0 ? 'ok' : 'FAILED'} in ${seconds} s`);
  if (result.status !== 0) failed.push(step.name);
}

/** Counts from the runners' JSON reports, for the closing line. */
function countTests() {
  let passed = 0;
  let failedTests = 0;
  let skipped = 0;
  try {
    const vitest = JSON.parse(readFileSync(join(reports, 'vitest.json'), 'utf8'));
    passed += vitest.numPassedTests;
    failedTests += vitest.numFailedTests;
    skipped += vitest.numPendingTests + (vitest.numTodoTests ?? 0);
  } catch {
    // No report: the step did not run or crashed before writing it; its failure is listed above.
  }
  for (const report of ['playwright.json', 'playwright-large-dataset.json']) {
    try {
      const playwright = JSON.parse(readFileSync(join(reports, report), 'utf8'));
      passed += playwright.stats.expected + playwright.stats.flaky;
      failedTests += playwright.stats.unexpected;
      skipped += playwright.stats.skipped;
    } catch {
      // As above.
    }
  }
  return { passed, failedTests, skipped };
}

const { passed, failedTests, skipped } = countTests();
if (failed.length > 0) console.log(`\nFailed steps: ${failed.join(', ')}`);
console.log(`\ntests: ${passed} passed, ${failedTests} failed, ${skipped} skipped`);
process.exit(failed.length > 0 || passed === 0 ? 1 : 0);
