// The project's one test command (`npm test`): every check CI runs, in order, with one summary at the end.
// Steps run even after an earlier one fails, so a single run shows everything that is broken.
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { ensureChromium } from './ensure-chromium.mjs';

const reports = join('test-results', 'reports');
const large = join(process.cwd(), 'test-results', 'large-dataset');
rmSync(reports, { recursive: true, force: true });
rmSync(large, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const vitestReport = join(reports, 'vitest.json');
const vitestRerunReport = join(reports, 'vitest-rerun.json');
const diedWorkersFile = join(reports, 'vitest-died-workers.json');
/** Vitest with the reports `npm test` reads: JSON for the counts, and the files whose worker died. */
const vitest = (/** @type {string} */ report, /** @type {string[]} */ files = []) => [
  'npx',
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  '--reporter=./tests/died-workers-reporter.ts',
  `--outputFile.json=${report}`,
  ...files,
];

/**
 * @typedef {{ name: string; command: string[]; env?: Record<string, string>; needs?: () => boolean;
 *   afterFailure?: () => Promise<boolean> }} Step
 * @type {Step[]}
 */
const steps = [
  // First: the Studio's validation tests (vitest) import its packages. Skips when they are current.
  { name: 'studio install', command: ['npm', 'run', '--silent', 'studio:install'] },
  { name: 'typecheck', command: ['npm', 'run', '--silent', 'check'] },
  { name: 'lint', command: ['npm', 'run', '--silent', 'lint'] },
  { name: 'format', command: ['npm', 'run', '--silent', 'format:check'] },
  {
    name: 'unit and backend tests',
    command: vitest(vitestReport),
    env: { VITEST_DIED_WORKERS_FILE: diedWorkersFile },
    afterFailure: rerunDiedFiles,
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

/**
 * Runs a command with its output passed through, and keeps that output: a failed step's own account
 * of the failure is printed again at the end, where a long log's tail shows it.
 * @returns {Promise<{ status: number | null; output: string }>}
 */
function run(/** @type {string[]} */ command, /** @type {Record<string, string>} */ env = {}) {
  return new Promise((resolve) => {
    const child = spawn(command[0], command.slice(1), {
      stdio: ['inherit', 'pipe', 'pipe'],
      env: { ...process.env, ...(process.stdout.isTTY ? { FORCE_COLOR: '1' } : {}), ...env },
    });
    let output = '';
    child.stdout.on('data', (chunk) => {
      process.stdout.write(chunk);
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      process.stderr.write(chunk);
      output += chunk;
    });
    child.on('close', (status) => resolve({ status, output }));
  });
}

/** The lines of a failed step's output that say what failed, at most 40, without colours. */
function failureLines(/** @type {string} */ output) {
  const plain = stripVTControlCharacters(output).split('\n');
  const telling =
    /FAIL|✗|✘|×|[Ee]rror|Unhandled|exited unexpectedly|[Tt]imed out|Test Files|^\s*Tests\s|\d+ (failed|flaky)|Check failed/;
  return plain.filter((line) => telling.test(line)).slice(-40);
}

/**
 * Vitest failed: when the only failures are test files whose worker process died of a signal (the
 * V8 crash in tests/died-workers-reporter.ts), those files run once more, and the step passes if
 * they pass. Anything else (a failed test, another unhandled error) stays a failure.
 */
async function rerunDiedFiles() {
  const { died, otherErrors } = readJson(diedWorkersFile) ?? { died: [], otherErrors: 1 };
  const report = readJson(vitestReport);
  if (died.length === 0 || otherErrors > 0 || !report || report.numFailedTests > 0) return false;
  const diedFiles = new Set(died.map((/** @type {{ file: string }} */ entry) => entry.file));
  const failedFiles = report.testResults.filter(
    (/** @type {any} */ file) => file.status === 'failed',
  );
  if (!failedFiles.every((/** @type {any} */ file) => diedFiles.has(file.name))) return false;
  for (const { file, signal } of died)
    console.log(`\n${file}: its worker died (${signal}); running it again`);
  const { status } = await run(vitest(vitestRerunReport, [...diedFiles]), {
    VITEST_DIED_WORKERS_FILE: join(reports, 'vitest-rerun-died-workers.json'),
  });
  return status === 0;
}

function readJson(/** @type {string} */ path) {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return undefined;
  }
}

const only = process.argv.slice(2);
/** @type {{ name: string; lines: string[] }[]} */
const failed = [];
/** @type {string[]} */
const notes = [];
for (const step of steps) {
  if (only.length > 0 && !only.some((word) => step.name.includes(word))) continue;
  console.log(`\n▶ ${step.name}: ${step.command.join(' ')}`);
  const started = Date.now();
  if (step.needs && !step.needs()) {
    console.log(`◀ ${step.name}: FAILED (missing requirement, see above)`);
    failed.push({ name: step.name, lines: ['missing requirement (see its step)'] });
    continue;
  }
  const { status, output } = await run(step.command, step.env);
  let ok = status === 0;
  if (!ok && step.afterFailure && (await step.afterFailure())) {
    ok = true;
    notes.push(`${step.name}: passed after running again the test files whose worker died (above)`);
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(`◀ ${step.name}: ${ok ? 'ok' : 'FAILED'} in ${seconds} s`);
  if (!ok) failed.push({ name: step.name, lines: failureLines(output) });
}

/** Counts from the runners' JSON reports, for the closing line. */
function countTests() {
  let passed = 0;
  let failedTests = 0;
  let skipped = 0;
  /** @type {any[]} Vitest's files, those run again replacing their first run. */
  const rerun = readJson(vitestRerunReport)?.testResults ?? [];
  const rerunNames = new Set(rerun.map((file) => file.name));
  const vitestFiles = [
    ...(readJson(vitestReport)?.testResults ?? []).filter(
      (/** @type {any} */ file) => !rerunNames.has(file.name),
    ),
    ...rerun,
  ];
  for (const file of vitestFiles) {
    for (const test of file.assertionResults) {
      if (test.status === 'passed') passed += 1;
      else if (test.status === 'failed') failedTests += 1;
      else skipped += 1;
    }
  }
  for (const report of ['playwright.json', 'playwright-large-dataset.json']) {
    const playwright = readJson(join(reports, report));
    // No report: the step did not run or crashed before writing it; its failure is listed above.
    if (!playwright) continue;
    passed += playwright.stats.expected + playwright.stats.flaky;
    failedTests += playwright.stats.unexpected;
    skipped += playwright.stats.skipped;
  }
  return { passed, failedTests, skipped };
}

const { passed, failedTests, skipped } = countTests();
for (const note of notes) console.log(`\n${note}`);
for (const { name, lines } of failed) {
  console.log(`\n── ${name} failed; what it said about it:`);
  for (const line of lines) console.log(`   ${line}`);
}
if (failed.length > 0) console.log(`\nFailed steps: ${failed.map(({ name }) => name).join(', ')}`);
console.log(`\ntests: ${passed} passed, ${failedTests} failed, ${skipped} skipped`);
process.exit(failed.length > 0 || passed === 0 ? 1 : 0);
