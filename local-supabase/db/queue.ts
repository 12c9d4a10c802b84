/**
 * A FIFO lock: PGlite is one connection, so each plain statement and each whole transaction holds it
 * until done.
 */
export class Queue {
  #tail: Promise<unknown> = Promise.resolve();

  run<T>(task: () => Promise<T>): Promise<T> {
    const result = this.#tail.then(task, task);
    this.#tail = result.catch(() => undefined);
    return result;
  }
}
