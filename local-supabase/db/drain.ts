/**
 * Runs a drain of a queue table one at a time: a call while one runs asks for exactly one more
 * after it, however many calls came in meanwhile. Used where a notification says "rows were
 * committed" (the realtime change feed, pg_net's sender) and the rows are read in one query.
 *
 * @example const drain = new Drain(async () => { … take a batch and handle it … });
 * db.listen('channel', () => drain.schedule());
 */
export class Drain {
  readonly #run: () => Promise<void>;
  #running: Promise<void> | null = null;
  #again = false;
  #stopped = false;

  constructor(run: () => Promise<void>) {
    this.#run = run;
  }

  /** Drains now, or once more after the drain that is running. */
  schedule(): void {
    if (this.#stopped) return;
    if (this.#running) {
      this.#again = true;
      return;
    }
    this.#running = this.#run().finally(() => {
      this.#running = null;
      if (this.#again) {
        this.#again = false;
        this.schedule();
      }
    });
  }

  /** Whether a drain is running now. */
  get active(): boolean {
    return this.#running !== null;
  }

  /** The drain running now (resolved when none is). */
  get running(): Promise<void> {
    return this.#running ?? Promise.resolve();
  }

  get stopped(): boolean {
    return this.#stopped;
  }

  /** No drain starts after this; resolves when the one running has finished. */
  async stop(): Promise<void> {
    this.#stopped = true;
    await this.#running;
  }
}
