// pg_net's background worker: sends the requests committed to net.http_request_queue and records each
// answer (or the failure) in net._http_response, removing the request in the same transaction. A
// request still queued when the backend stops (or is killed) is sent after the next start. As with
// pg_net, a request is tried once: no retries; a timeout is recorded with `timed_out`.
import type { Database } from '../../db/database.ts';
import { Drain } from '../../db/drain.ts';
import { sendRequest, type QueuedRequest } from './send.ts';

/** pg_net's `pg_net.batch_size` default: requests taken from the queue at a time. */
const BATCH = 200;
/** pg_net's `pg_net.ttl` default: answers older than this are deleted. */
const TTL = '6 hours';

const TAKE = `
select coalesce(json_agg(json_build_object(
  'id', id, 'method', method, 'url', url, 'headers', headers,
  'body', encode(body, 'base64'), 'timeoutMs', timeout_milliseconds) order by id), '[]')::text as batch
from (select * from net.http_request_queue where id not in (select jsonb_array_elements_text($1::jsonb)::bigint) order by id limit ${BATCH}) q`;

const RECORD = `
with done as (delete from net.http_request_queue where id = $1)
insert into net._http_response
  (id, status_code, content_type, headers, content, timed_out, error_msg)
values ($1, $2, $3, $4::jsonb, $5, $6, $7)`;

export class NetSender {
  readonly #db: Database;
  readonly #onError: (error: unknown) => void;
  readonly #inFlight = new Map<number, AbortController>();
  readonly #sends = new Set<Promise<void>>();
  readonly #drain = new Drain(() => this.#sendQueued());
  #unlisten: (() => Promise<void>) | undefined;

  constructor(db: Database, onError: (error: unknown) => void) {
    this.#db = db;
    this.#onError = onError;
  }

  async start(): Promise<void> {
    await this.#db.exec(`delete from net._http_response where created < now() - interval '${TTL}'`);
    this.#unlisten = await this.#db.listen('local_pg_net', () => {
      this.#drain.schedule();
    });
    // Requests committed before a stop, or while nobody listened.
    this.#drain.schedule();
  }

  /** Resolves when every request queued so far has been answered (tests, benchmarks). */
  async idle(): Promise<void> {
    while (this.#drain.active || this.#sends.size > 0) {
      await this.#drain.running;
      await Promise.all([...this.#sends]);
    }
  }

  async #sendQueued(): Promise<void> {
    try {
      const { rows } = await this.#db.query<{ batch: string }>(TAKE, [
        JSON.stringify([...this.#inFlight.keys()]),
      ]);
      const batch = JSON.parse(rows[0]?.batch ?? '[]') as QueuedRequest[];
      for (const request of batch) this.#send(request);
      if (batch.length === BATCH) this.#drain.schedule();
    } catch (error) {
      if (!this.#drain.stopped) this.#onError(error);
    }
  }

  #send(request: QueuedRequest): void {
    const aborter = new AbortController();
    this.#inFlight.set(request.id, aborter);
    const sent = sendRequest(request, aborter.signal)
      .then(async (result) => {
        if (this.#drain.stopped) return;
        await this.#db.query(RECORD, [
          request.id,
          result.status,
          result.contentType,
          JSON.stringify(result.headers),
          result.content,
          result.timedOut,
          result.error,
        ]);
      })
      .catch((error: unknown) => {
        if (!this.#drain.stopped) this.#onError(error);
      })
      .finally(() => {
        this.#inFlight.delete(request.id);
        this.#sends.delete(sent);
      });
    this.#sends.add(sent);
  }

  /** Stops sending; requests in flight stay queued and are sent again after the next start. */
  async stop(): Promise<void> {
    const drained = this.#drain.stop();
    for (const aborter of this.#inFlight.values()) aborter.abort();
    await drained;
    await Promise.all([...this.#sends]);
    await this.#unlisten?.().catch(() => undefined);
  }
}
