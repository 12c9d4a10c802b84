// A Vitest reporter that notes which test files were running in a worker process that died of a
// signal, for `npm test` to run those files once more (scripts/test.mjs). The cause seen on CI is an
// upstream V8 fatal check in PGlite's WebAssembly (`jit_page_->allocations_.erase(addr) == 1`,
// bench/README.md → "Crash at start"): the process aborts in the middle of a test that was passing.
// Any other unhandled error is counted too, so that a run with one is never treated as a crash.
import { writeFileSync } from 'node:fs';
import type { Reporter, SerializedError } from 'vitest/node';

/** Vitest's own wording (its fork pool's `emitUnexpectedExit`), with the signal and the files. */
const diedOfSignal =
  /Worker exited unexpectedly with (?:exit code \S+ )?signal (\w+) during \w+ state while running test files? (.+)$/;

export interface DiedWorkers {
  /** Test files whose worker died of a signal, with the signal. */
  died: { file: string; signal: string }[];
  /** Unhandled errors of any other kind. */
  otherErrors: number;
}

/** Reads the errors Vitest reports outside of any test: the died workers and how many others. */
export function diedWorkers(errors: readonly SerializedError[]): DiedWorkers {
  const result: DiedWorkers = { died: [], otherErrors: 0 };
  for (const error of errors) {
    const [, signal, files] = diedOfSignal.exec(error.cause?.message ?? error.message) ?? [];
    if (signal && files) for (const file of files.split(', ')) result.died.push({ file, signal });
    else result.otherErrors += 1;
  }
  return result;
}

export default class DiedWorkersReporter implements Reporter {
  onTestRunEnd(_modules: unknown, errors: readonly SerializedError[]): void {
    const output = process.env.VITEST_DIED_WORKERS_FILE;
    if (output) writeFileSync(output, JSON.stringify(diedWorkers(errors), null, 2));
  }
}
