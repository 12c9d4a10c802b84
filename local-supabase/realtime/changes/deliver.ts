// Fans a batch of captured changes out to the channels that asked for them: bindings must match the
// table and event, filters are evaluated in SQL on the record as sent, and INSERT/UPDATE reach a
// subscriber only when its own role and claims can select the row (RLS), as Supabase checks them.
// DELETE carries the old primary key only (all columns with REPLICA IDENTITY FULL) and is not
// RLS-checked, like Supabase. Columns a role may not select are left out of what it receives.
import type { Claims, Database } from '../../db/database.ts';
import type { PostgresBinding } from './bindings.ts';
import { quoteName } from './bindings.ts';
import type { QueuedChange } from './feed.ts';
import { compileFilter } from './filters.ts';
import type { ApiRole, TableCatalog, TableInfo } from './tables.ts';

export interface ChangeData {
  schema: string;
  table: string;
  commit_timestamp: string;
  type: 'INSERT' | 'UPDATE' | 'DELETE';
  columns: { name: string; type: string }[];
  record?: Record<string, unknown>;
  old_record?: Record<string, unknown>;
  errors: null;
}

export interface ChangeSubscriber {
  readonly claims: Claims;
  readonly bindings: readonly PostgresBinding[];
  sendChange(ids: number[], data: ChangeData): void;
}

interface Shaped {
  change: QueuedChange;
  /** The record filters and RLS checks look at: the new row, or the old one for DELETE. */
  subject: Record<string, unknown>;
  old: Record<string, unknown> | undefined;
}

function bindingCoversTable(binding: PostgresBinding, change: QueuedChange): boolean {
  return (
    binding.schema === change.schema && (binding.table === null || binding.table === change.table)
  );
}

function eventMatches(binding: PostgresBinding, type: string): boolean {
  return binding.event === '*' || binding.event === type;
}

/** Without REPLICA IDENTITY FULL the old record is the primary key alone, as in Supabase. */
function shape(change: QueuedChange, info: TableInfo): Shaped {
  const full = info.replicaIdentity === 'f' || info.primaryKey.length === 0;
  const old =
    change.old_record && !full
      ? Object.fromEntries(info.primaryKey.map((name) => [name, change.old_record?.[name] ?? null]))
      : (change.old_record ?? undefined);
  return {
    change,
    subject: (change.type === 'DELETE' ? old : change.record) ?? {},
    old: change.type === 'INSERT' ? undefined : old,
  };
}

function pick(record: Record<string, unknown> | undefined, columns: Set<string>) {
  if (!record) return undefined;
  return Object.fromEntries(Object.entries(record).filter(([name]) => columns.has(name)));
}

function dataFor(item: Shaped, info: TableInfo, role: ApiRole): ChangeData {
  const allowed = new Set(info.selectable[role]);
  const { change } = item;
  const data: ChangeData = {
    schema: change.schema,
    table: change.table,
    commit_timestamp: change.commit_timestamp,
    type: change.type as ChangeData['type'],
    columns: info.columns
      .filter((column) => allowed.has(column.name))
      .map(({ name, type }) => ({ name, type })),
    errors: null,
  };
  const record = change.type === 'DELETE' ? undefined : pick(change.record ?? {}, allowed);
  const old = pick(item.old, allowed);
  if (record) data.record = record;
  if (old) data.old_record = old;
  return data;
}

function rowType(info: TableInfo): string {
  return `${quoteName(info.schema)}.${quoteName(info.table)}`;
}

/** For each distinct filter, whether each change's subject passes it (one query as the superuser). */
async function evaluateFilters(
  db: Database,
  info: TableInfo,
  items: Shaped[],
  bindings: PostgresBinding[],
): Promise<Map<PostgresBinding, boolean[]>> {
  const results = new Map<PostgresBinding, boolean[]>();
  const filtered = bindings.filter((binding) => binding.conditions.length > 0);
  if (filtered.length === 0) return results;
  const params: unknown[] = [JSON.stringify(items.map((item) => item.subject))];
  const param = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  const columns = filtered.map((binding) => compileFilter(binding.conditions, info, param));
  const { rows } = await db.query<{ results: string }>(
    `select coalesce(json_agg(json_build_array(${columns.join(', ')}) order by e.ord), '[]')::text as results
     from jsonb_array_elements($1::jsonb) with ordinality as e(rec, ord)
     cross join lateral jsonb_populate_record(null::${rowType(info)}, e.rec) as r`,
    params,
  );
  const matrix = JSON.parse(rows[0]?.results ?? '[]') as boolean[][];
  filtered.forEach((binding, column) => {
    results.set(
      binding,
      matrix.map((row) => row[column] === true),
    );
  });
  return results;
}

/** Which of `items` (INSERT/UPDATE) the subscriber's role and claims can select right now. */
async function visibleTo(
  db: Database,
  claims: Claims,
  info: TableInfo,
  items: Shaped[],
): Promise<Set<number>> {
  const key = info.primaryKey;
  const selectable = new Set(info.selectable[claims.role]);
  const columns = key.length > 0 ? key : info.columns.map((column) => column.name);
  if (columns.length === 0 || !columns.every((name) => selectable.has(name))) return new Set();
  const match =
    key.length > 0
      ? `(${key.map((name) => `x.${quoteName(name)}`).join(', ')}) =
         (select ${key.map((name) => `p.${quoteName(name)}`).join(', ')}
          from jsonb_populate_record(null::${rowType(info)}, e.rec) as p)`
      : `to_jsonb(x) = e.rec`;
  const visible = await db.asRole(claims, (tx) =>
    tx.query<{ visible: string }>(
      `select coalesce(json_agg(e.ord - 1), '[]')::text as visible
       from jsonb_array_elements($1::jsonb) with ordinality as e(rec, ord)
       where exists (select 1 from ${rowType(info)} as x where ${match})`,
      [JSON.stringify(items.map((item) => item.subject))],
    ),
  );
  return new Set(JSON.parse(visible.rows[0]?.visible ?? '[]') as number[]);
}

/** Claims that differ only in their timestamps see the same rows: check them once. */
function claimsKey(claims: Claims): string {
  return JSON.stringify(claims, (name, value: unknown) =>
    name === 'exp' || name === 'iat' ? undefined : value,
  );
}

export interface DeliverOptions {
  db: Database;
  catalog: TableCatalog;
  subscribers: () => Iterable<ChangeSubscriber>;
  /** Delivers a Broadcast from Database message to its topic's channels. */
  broadcast: (message: DatabaseBroadcast) => void;
  onError: (error: unknown) => void;
}

export interface DatabaseBroadcast {
  topic: string;
  event: string;
  private: boolean;
  payload: unknown;
}

/** Delivers one batch; messages go out in commit order for every subscriber. */
export async function deliverChanges(
  changes: QueuedChange[],
  options: DeliverOptions,
): Promise<void> {
  const { db, catalog } = options;
  const outbox: (() => void)[][] = changes.map(() => []);
  const positions = new Map(changes.map((change, index) => [change, index]));
  const byTable = new Map<string, QueuedChange[]>();
  changes.forEach((change, index) => {
    if (change.type !== 'BROADCAST') return;
    const message = change.record as unknown as DatabaseBroadcast;
    outbox[index]?.push(() => {
      options.broadcast(message);
    });
  });
  for (const change of changes) {
    if (change.type === 'BROADCAST') continue;
    const key = JSON.stringify([change.schema, change.table]);
    byTable.set(key, [...(byTable.get(key) ?? []), change]);
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
      const items = group.map((change) => shape(change, info));
      const bindings = interested.flatMap((s) =>
        s.bindings.filter((b) => bindingCoversTable(b, first)),
      );
      const filters = await evaluateFilters(db, info, items, bindings);

      const checked = items.filter((item) => item.change.type !== 'DELETE');
      const visibility = new Map<string, Set<Shaped>>();
      for (const subscriber of interested) {
        const key = claimsKey(subscriber.claims);
        if (visibility.has(key) || subscriber.claims.role === 'service_role') continue;
        const visible =
          checked.length === 0
            ? new Set<number>()
            : await visibleTo(db, subscriber.claims, info, checked).catch((error: unknown) => {
                options.onError(error);
                return new Set<number>();
              });
        visibility.set(key, new Set(checked.filter((_, index) => visible.has(index))));
      }

      const payloads = new Map<string, ChangeData>();
      for (const subscriber of interested) {
        const role = subscriber.claims.role;
        const canRead = info.selectable[role].length > 0;
        const visible = visibility.get(claimsKey(subscriber.claims));
        items.forEach((item, index) => {
          const type = item.change.type as ChangeData['type'];
          const seen =
            role === 'service_role' || (type === 'DELETE' ? canRead : visible?.has(item) === true);
          if (!seen) return;
          const ids = subscriber.bindings
            .filter(
              (b) =>
                bindingCoversTable(b, item.change) &&
                eventMatches(b, type) &&
                (b.conditions.length === 0 || filters.get(b)?.[index] === true),
            )
            .map((b) => b.id);
          if (ids.length === 0) return;
          const payloadKey = `${String(item.change.id)}:${role}`;
          let data = payloads.get(payloadKey);
          if (!data) {
            data = dataFor(item, info, role);
            payloads.set(payloadKey, data);
          }
          const message = data;
          outbox[positions.get(item.change) ?? 0]?.push(() => {
            subscriber.sendChange(ids, message);
          });
        });
      }
    } catch (error) {
      options.onError(error);
    }
  }

  for (const sends of outbox) {
    for (const send of sends) send();
  }
}
