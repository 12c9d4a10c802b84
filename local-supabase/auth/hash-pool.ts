// The threads bcrypt runs on: worker threads that lower their own priority (hash-worker.ts), one per
// operation allowed at once. Measured against @node-rs/bcrypt on libuv's pool (bench/README.md,
// "Sign-in under load"): the same sign-ins per second on an idle machine, but REST requests no
// longer share the cores equally with the hashing while sign-ins pour in.
import { Worker } from 'node:worker_threads';

export type HashRequest =
  | { id: number; op: 'hash'; password: string; cost: number }
  | { id: number; op: 'verify'; password: string; hash: string };

export type HashReply = { id: number; result: string | boolean } | { id: number; error: string };

type Pending = { resolve: (value: string | boolean) => void; reject: (error: Error) => void };

export class HashPool {
  readonly #idle: Worker[] = [];
  readonly #all = new Set<Worker>();
  readonly #pending = new Map<number, Pending>();
  #nextId = 1;

  hash(password: string, cost: number): Promise<string> {
    return this.#run({ id: this.#nextId++, op: 'hash', password, cost }) as Promise<string>;
  }

  verify(password: string, hash: string): Promise<boolean> {
    return this.#run({ id: this.#nextId++, op: 'verify', password, hash }) as Promise<boolean>;
  }

  /** Ends the threads (the server's stop). */
  async close(): Promise<void> {
    const workers = [...this.#all];
    this.#all.clear();
    this.#idle.length = 0;
    await Promise.all(workers.map((worker) => worker.terminate()));
  }

  /** Callers bound how many run at once (PasswordHasher), so the pool grows to that and no more. */
  #run(request: HashRequest): Promise<string | boolean> {
    const worker = this.#idle.pop() ?? this.#spawn();
    return new Promise((resolve, reject) => {
      this.#pending.set(request.id, { resolve, reject });
      worker.postMessage(request);
    });
  }

  #spawn(): Worker {
    const worker = new Worker(new URL('./hash-worker.ts', import.meta.url));
    // Idle hashing threads must not keep a process alive that is otherwise done.
    worker.unref();
    worker.on('message', (reply: HashReply) => {
      const pending = this.#pending.get(reply.id);
      this.#pending.delete(reply.id);
      if (this.#all.has(worker)) this.#idle.push(worker);
      if ('error' in reply) pending?.reject(new Error(reply.error));
      else pending?.resolve(reply.result);
    });
    worker.on('error', (error: Error) => {
      // A thread that failed is replaced on the next call; what it was doing fails with it.
      this.#all.delete(worker);
      for (const [id, pending] of this.#pending) {
        this.#pending.delete(id);
        pending.reject(error);
      }
    });
    this.#all.add(worker);
    return worker;
  }
}
