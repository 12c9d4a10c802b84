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

  /**
   * Takes the lock for as long as the caller needs it, across several awaits (a database-port session
   * inside a transaction); resolves with the function that hands it on.
   */
  acquire(): Promise<() => void> {
    return new Promise((granted) => {
      void this.run(
        () =>
          new Promise<void>((release) => {
            granted(release);
          }),
      );
    });
  }
}
