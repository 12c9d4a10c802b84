// Hands SAML responses to their own thread (response-worker.ts), one at a time, and waits. A document
// that keeps the thread longer than READ_TIMEOUT_MS ends it (a new one starts for the next), and no
// more than MAX_WAITING responses wait: past that the ACS answers GoTrue's 429 at once, so a flood of
// hostile responses costs a bounded queue and one low-priority thread, never the event loop.
import { Worker } from 'node:worker_threads';
import { badRequest } from '../errors.ts';
import { overRequestRateLimit } from '../rate-limit.ts';
import type { IdpMetadata } from './idp-metadata.ts';
import type { ResponseReply, ResponseRequest, ValidAssertion } from './response-worker.ts';

/**
 * A real signed response is read in 5–100 ms; a hostile one is cut off here. Counted from when the
 * thread has loaded its libraries, with room for a busy machine and the thread's low priority.
 */
export const READ_TIMEOUT_MS = 5000;
const MAX_WAITING = 32;

type Job = {
  request: ResponseRequest;
  resolve: (reply: ResponseReply) => void;
  reject: (error: Error) => void;
};

export type ValidateInput = Omit<Extract<ResponseRequest, { op: 'validate' }>, 'id' | 'op'> & {
  idp: IdpMetadata;
};

/** The thread did not finish a document in time (or failed): the response is refused as invalid. */
const unread = (reason: string) =>
  badRequest('validation_failed', `SAMLResponse could not be read: ${reason}`);

export class SamlResponseReader {
  #worker: Worker | undefined;
  /** The thread posts once when its libraries are loaded; jobs wait until then. */
  #ready = false;
  #current: { job: Job; timer: NodeJS.Timeout } | undefined;
  readonly #queue: Job[] = [];
  #nextId = 1;

  /** The Issuer of an unsolicited response, or the reason it has none (GoTrue's wording). */
  async issuer(samlResponse: string): Promise<{ issuer: string } | { refused: string }> {
    const reply = await this.#run({ id: this.#nextId++, op: 'issuer', samlResponse });
    return 'refused' in reply ? reply : { issuer: 'issuer' in reply ? reply.issuer : '' };
  }

  /** The checked assertion, or why node-saml or the recipient check refused it. */
  async validate(
    input: ValidateInput,
  ): Promise<{ assertion: ValidAssertion } | { refused: string }> {
    const reply = await this.#run({ id: this.#nextId++, op: 'validate', ...input });
    if ('refused' in reply) return reply;
    if ('assertion' in reply) return reply;
    return { refused: 'the response carries no assertion' };
  }

  async close(): Promise<void> {
    const worker = this.#worker;
    this.#worker = undefined;
    this.#ready = false;
    await worker?.terminate();
  }

  #run(request: ResponseRequest): Promise<ResponseReply> {
    if (this.#queue.length >= MAX_WAITING) return Promise.reject(overRequestRateLimit());
    return new Promise((resolve, reject) => {
      this.#queue.push({ request, resolve, reject });
      this.#next();
    });
  }

  #next(): void {
    if (this.#current || this.#queue.length === 0) return;
    const worker = (this.#worker ??= this.#spawn());
    if (!this.#ready) return;
    const job = this.#queue.shift();
    if (!job) return;
    const timer = setTimeout(() => {
      this.#fail(unread(`not read within ${READ_TIMEOUT_MS} ms`));
    }, READ_TIMEOUT_MS);
    this.#current = { job, timer };
    worker.postMessage(job.request);
  }

  /** The thread is ended with the job it holds; the next job gets a new one. */
  #fail(error: Error): void {
    const current = this.#current;
    this.#current = undefined;
    if (current) clearTimeout(current.timer);
    const worker = this.#worker;
    this.#worker = undefined;
    this.#ready = false;
    void worker?.terminate();
    (current?.job ?? this.#queue.shift())?.reject(error);
    this.#next();
  }

  #spawn(): Worker {
    const worker = new Worker(new URL('./response-worker.ts', import.meta.url), {
      // A document that makes the libraries build a huge tree ends this thread, not the server.
      resourceLimits: { maxOldGenerationSizeMb: 256 },
    });
    // An idle reader must not keep a process alive that is otherwise done.
    worker.unref();
    worker.on('message', (reply: ResponseReply | 'ready') => {
      if (reply === 'ready') {
        this.#ready = true;
        this.#next();
        return;
      }
      const current = this.#current;
      if (!current || current.job.request.id !== reply.id) return;
      this.#current = undefined;
      clearTimeout(current.timer);
      current.job.resolve(reply);
      this.#next();
    });
    worker.on('error', (error: Error) => {
      if (this.#worker === worker) this.#fail(unread(error.message));
    });
    return worker;
  }
}
