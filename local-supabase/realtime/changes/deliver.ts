// Fans a batch of captured changes out to the channels that asked for them, in commit order. Bindings
// must match the table and event; each distinct filter is evaluated once (filter-groups.ts); each
// distinct claim set's visibility is checked in one round trip for the whole batch (visibility.ts).
// A subscription that cannot be served (its filter or its visibility check fails, even after one
// retry) is not left silently subscribed: it gets Realtime's `system` error and its channel errors,
// so the client rejoins and catches up. Other subscriptions are served as usual.
import { channel } from 'node:diagnostics_channel';
import type { Claims, Database } from '../../db/database.ts';
import type { PostgresBinding } from './bindings.ts';
import type { QueuedChange } from './feed.ts';
import { evaluateFilters, filterKey } from './filter-groups.ts';
import { dataFor, shape, type ChangeData, type Shaped } from './shape.ts';
import type { TableCatalog, TableInfo } from './tables.ts';
import { checkVisibility, type VisibilityResult } from './visibility.ts';

export type { ChangeData } from './shape.ts';

export interface ChangeSubscriber {
  readonly claims: Claims;
  readonly bindings: readonly PostgresBinding[];
  sendChange(ids: number[], data: ChangeData): void;
  /** Delivery failed for good: tell the client (system error) so it resubscribes. */
  fail(reason: string): void;
}

export interface DatabaseBroadcast {
  topic: string;
  event: string;
  private: boolean;
  payload: unknown;
}

export interface DeliverOptions {
  db: Database;
  catalog: TableCatalog;
  subscribers: () => Iterable<ChangeSubscriber>;
  /** Delivers a Broadcast from Database message to its topic's channels. */
  broadcast: (message: DatabaseBroadcast) => void;
  onError: (error: unknown) => void;
}

function bindingCoversTable(binding: PostgresBinding, change: QueuedChange): boolean {
  return (
    binding.schema === change.schema && (binding.table === null || binding.table === change.table)
  );
}

function eventMatches(binding: PostgresBinding, type: string): boolean {
  return binding.event === '*' || binding.event === type;
}

const claimsKeys = new WeakMap<Claims, string>();

/**
 * Claims that differ only in their timestamps see the same rows: check them once. A subscriber's
 * claims object lives until its token changes, so its key is made once, not on every batch.
 */
function claimsKey(claims: Claims): string {
  let key = claimsKeys.get(claims);
  if (key === undefined) {
    key = JSON.stringify(claims, (name, value: unknown) =>
      name === 'exp' || name === 'iat' ? undefined : value,
    );
    claimsKeys.set(claims, key);
  }
  return key;
}

type Send = () => void;

/** One table's changes of the batch: the sends per change position, and the failed subscribers. */
async function deliverTable(
  group: QueuedChange[],
  info: TableInfo,
  interested: ChangeSubscriber[],
  db: Database,
  queue: (change: QueuedChange, send: Send) => void,
  failures: Map<ChangeSubscriber, string>,
  onError: (error: unknown) => void,
): Promise<void> {
  const table = `${info.schema}.${info.table}`;
  const logged = new Set<string>();
  /** The client learns what failed; the database's words (they may name policy internals) are logged. */
  const fail = (subscriber: ChangeSubscriber, what: string, detail: string) => {
    failures.set(subscriber, `Unable to deliver changes of ${table}: ${what} failed`);
    if (logged.has(detail)) return;
    logged.add(detail);
    onError(new Error(`realtime: ${what} failed on ${table}: ${detail}`));
  };
  const items = group.map((change) => shape(change, info));
  const bindingsOf = new Map(
    interested.map((s) => [
      s,
      s.bindings.filter((b) => bindingCoversTable(b, group[0] as QueuedChange)),
    ]),
  );
  const filters = await evaluateFilters(
    db,
    info,
    items.map((item) => item.subject),
    [...bindingsOf.values()].flat().map((binding) => binding.conditions),
  );

  const claimSets = new Map<string, Claims>();
  for (const subscriber of interested) {
    if (subscriber.claims.role !== 'service_role') {
      claimSets.set(claimsKey(subscriber.claims), subscriber.claims);
    }
  }
  const keys = [...claimSets.keys()];
  const results = await checkVisibility(db, info, items, [...claimSets.values()]);
  const visibility = new Map<string, VisibilityResult>(
    keys.map((key, index) => [key, results[index] ?? { error: 'no result' }]),
  );

  const payloads = new Map<string, ChangeData>();
  const payloadFor = (item: Shaped, index: number, role: Claims['role']) => {
    const key = `${String(index)}:${role}`;
    let data = payloads.get(key);
    if (!data) {
      data = dataFor(item, info, role);
      payloads.set(key, data);
    }
    return data;
  };

  for (const subscriber of interested) {
    const bindings = bindingsOf.get(subscriber) ?? [];
    const role = subscriber.claims.role;
    const visible = role === 'service_role' ? null : visibility.get(claimsKey(subscriber.claims));
    const broken = bindings.find((b) => filters.failed.has(filterKey(b.conditions)));
    if (visible && 'error' in visible) {
      fail(subscriber, 'the row level security check', visible.error);
      continue;
    }
    if (broken) {
      fail(subscriber, 'a filter', filters.failed.get(filterKey(broken.conditions)) ?? '');
      continue;
    }
    items.forEach((item, index) => {
      const seen = visible === null || visible?.has(item) === true;
      if (!seen) return;
      const ids = bindings
        .filter(
          (b) =>
            eventMatches(b, item.type) &&
            (b.conditions.length === 0 ||
              filters.passes.get(filterKey(b.conditions))?.[index] === true),
        )
        .map((b) => b.id);
      if (ids.length === 0) return;
      const data = payloadFor(item, index, role);
      queue(item.change, () => {
        subscriber.sendChange(ids, data);
      });
    });
  }
}

/**
 * Told `{ changes }` once a batch's frames are handed to the sockets: `bench:realtime` times the
 * server's part of a comment's way (commit to the last socket written) from it. Costs nothing
 * while nobody subscribes.
 */
export const deliveredChannel = channel('local-supabase:realtime:delivered');

/** Delivers one batch; messages go out in commit order for every subscriber. */
export async function deliverChanges(
  changes: QueuedChange[],
  options: DeliverOptions,
): Promise<void> {
  const { db, catalog } = options;
  const positions = new Map(changes.map((change, index) => [change, index]));
  const outbox: Send[][] = changes.map(() => []);
  const queue = (change: QueuedChange, send: Send) => {
    outbox[positions.get(change) ?? 0]?.push(send);
  };
  const failures = new Map<ChangeSubscriber, string>();
  const byTable = new Map<string, QueuedChange[]>();
  for (const change of changes) {
    if (change.type === 'BROADCAST') {
      const message = change.record as unknown as DatabaseBroadcast;
      queue(change, () => {
        options.broadcast(message);
      });
      continue;
    }
    const key = JSON.stringify([change.schema, change.table]);
    let group = byTable.get(key);
    if (!group) byTable.set(key, (group = []));
    group.push(change);
  }
  const subscribers = [...options.subscribers()].filter((s) => s.bindings.length > 0);

  for (const group of byTable.values()) {
    const first = group[0];
    if (!first) continue;
    const interested = subscribers.filter((s) =>
      s.bindings.some((b) => bindingCoversTable(b, first)),
    );
    if (interested.length === 0) continue;
    try {
      const info = await catalog.get(first.schema, first.table);
      if (!info) continue;
      await deliverTable(group, info, interested, db, queue, failures, options.onError);
    } catch (error) {
      options.onError(error);
      for (const subscriber of interested) {
        failures.set(subscriber, 'Unable to deliver changes');
      }
    }
  }

  for (const sends of outbox) {
    for (const send of sends) send();
  }
  for (const [subscriber, reason] of failures) subscriber.fail(reason);
  if (deliveredChannel.hasSubscribers) deliveredChannel.publish({ changes });
}
