// `npm test` runs a test file again when its worker process died of a signal (scripts/test.mjs), and
// only then: the reporter must name that file and count every other unhandled error.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect, it } from 'vitest';
import { diedWorkers, type DiedWorkers } from '../died-workers-reporter';

it('names the test file whose worker died of a signal, and not the one that passed', () => {
  const fixture = resolve('tests/fixtures/died-worker');
  const output = join(mkdtempSync(join(tmpdir(), 'died-workers-')), 'died.json');
  const run = spawnSync(
    'npx',
    ['vitest', 'run', '--root', fixture, `--reporter=${resolve('tests/died-workers-reporter.ts')}`],
    { env: { ...process.env, VITEST_DIED_WORKERS_FILE: output }, encoding: 'utf8' },
  );
  expect(run.status).toBe(1);
  const report = JSON.parse(readFileSync(output, 'utf8')) as DiedWorkers;
  expect(report).toEqual({
    died: [{ file: join(fixture, 'aborts.fixture.ts'), signal: 'SIGABRT' }],
    otherErrors: 0,
  });
});

it('counts any other unhandled error, so that such a run is never taken for a crash', () => {
  const report = diedWorkers([
    { message: 'ECONNRESET', stack: '', name: 'Error' },
    {
      message: '[vitest-pool]: Worker forks emitted error.',
      cause: {
        message:
          'Worker exited unexpectedly with exit code 1 during started state while running test file /a.test.ts',
      },
    },
  ]);
  expect(report).toEqual({ died: [], otherErrors: 2 });
});
