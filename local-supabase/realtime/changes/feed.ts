// Drains the change queue after commit: a notification (one per captured row) schedules a drain, and
// drains run one at a time, so changes reach subscribers in commit order.
import { readFile } from 'node:fs/promises';
import type { Database } from '../../db/database.ts';
import { Drain } from '../../db/drain.ts';

export interface QueuedChange {
  id: number;
  schema: string;
  table: string;
  /** BROADCAST: a realtime.send() message; `record` is {topic, event, private, payload}. */
  type: 'INSERT' | 'UPDATE' | 'DELETE' | 'BROADCAST';
  record: Record<string, unknown> | null;
  old_record: Record<string, unknown> | null;
  commit_timestamp: string;
}

const BATCH = 500;

const DRAIN = `
with batch as (
  delete from realtime.local_changes
  where id in (select id from realtime.local_changes order by id limit ${BATCH})
  returning *
)
select coalesce(json_agg(json_build_object('id', id, 'schema', schema_name, 'table', table_name,
  'type', op, 'record', record, 'old_record', old_record,
  'commit_timestamp', to_char(commit_timestamp at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'))
  order by id), '[]')::text as changes
from batch`;

/** Removes the capture triggers and queue (realtime switched off in config.toml). */
export async function removeCapture(db: Database): Promise<void> {
  await db.exec(await readFile(new URL('./uncapture.sql', import.meta.url), 'utf8'));
}

export interface ChangeFeedOptions {
  db: Database;
  /** Handles one batch; the next drain waits for it. */
  deliver: (changes: QueuedChange[]) => Promise<void>;
  onError: (error: unknown) => void;
}

export class ChangeFeed {
  readonly #options: ChangeFeedOptions;
  readonly #drain = new Drain(() => this.#deliverQueued());
  #unlisten: (() => Promise<void>)[] = [];

  constructor(options: ChangeFeedOptions) {
    this.#options = options;
  }

  /** Installs the capture triggers (idempotent) and starts listening. */
  async start(): Promise<void> {
    const sql = await readFile(new URL('./capture.sql', import.meta.url), 'utf8');
    await this.#options.db.exec(sql);
    this.#unlisten.push(
      await this.#options.db.listen('realtime_local_changes', () => {
        this.#drain.schedule();
      }),
    );
  }

  async #deliverQueued(): Promise<void> {
    try {
      for (;;) {
        const { rows } = await this.#options.db.query<{ changes: string }>(DRAIN);
        const changes = JSON.parse(rows[0]?.changes ?? '[]') as QueuedChange[];
        if (changes.length === 0 || this.#drain.stopped) return;
        await this.#options.deliver(changes);
        if (changes.length < BATCH) return;
      }
    } catch (error) {
      if (!this.#drain.stopped) this.#options.onError(error);
    }
  }

  async stop(): Promise<void> {
    await this.#drain.stop();
    for (const unlisten of this.#unlisten) await unlisten().catch(() => undefined);
    this.#unlisten = [];
  }
}
