// The running function processes, one per function name. A change anywhere in the functions folder
// (the function, `_shared/`, `.env`) retires the running processes: each ends once its requests are
// answered, and the next request starts a fresh one, so an edit is picked up without a restart.
import { watch, type FSWatcher } from 'node:fs';
import type { Logger } from '../http/log.ts';
import { FunctionWorker, type WorkerSpec } from './worker.ts';

export class WorkerPool {
  private readonly workers = new Map<string, FunctionWorker>();
  private watcher: FSWatcher | undefined;

  private readonly functionsDir: string;
  private readonly logger: Logger;

  constructor(functionsDir: string, logger: Logger) {
    this.functionsDir = functionsDir;
    this.logger = logger;
  }

  /** The live worker for `name`, or a new one built from `spec()`. */
  async get(name: string, spec: () => Promise<WorkerSpec>): Promise<FunctionWorker> {
    this.watchOnce();
    const current = this.workers.get(name);
    if (current?.alive && !current.retired) return current;
    const worker = new FunctionWorker(
      await spec(),
      this.logger.for(`functions:${name}`),
      (message) => {
        this.logger.error(`functions:${name}`, message);
      },
    );
    this.workers.set(name, worker);
    return worker;
  }

  /** Called when a request leaves a worker: a retired one with nothing in flight ends now. */
  release(worker: FunctionWorker): void {
    worker.inFlight--;
    if (worker.retired && worker.inFlight === 0) worker.kill();
  }

  private retireAll(): void {
    for (const [name, worker] of this.workers) {
      worker.retired = true;
      this.workers.delete(name);
      if (worker.inFlight === 0) worker.kill();
    }
  }

  private watchOnce(): void {
    if (this.watcher) return;
    try {
      this.watcher = watch(this.functionsDir, { recursive: true }, () => {
        this.retireAll();
      });
      this.watcher.on('error', () => undefined);
    } catch {
      // No functions folder yet: nothing to watch, and nothing will be found either.
    }
  }

  async stop(): Promise<void> {
    this.watcher?.close();
    const all = [...this.workers.values()];
    this.workers.clear();
    await Promise.all(all.map((worker) => worker.stop()));
  }
}
