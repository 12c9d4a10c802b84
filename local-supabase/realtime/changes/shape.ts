// What a row change looks like to subscribers. Filters see the new row (the old one for DELETE, as far
// as the replica identity carries it). The old record sent is the primary key alone for tables with
// row level security (as hosted Supabase sends it: a hidden comment's old text reaches no one), else
// what the replica identity gives (every column with REPLICA IDENTITY FULL). Each role receives only
// the columns it may select.
import type { QueuedChange } from './feed.ts';
import type { ApiRole, TableInfo } from './tables.ts';

export type RowChangeType = 'INSERT' | 'UPDATE' | 'DELETE';

export interface ChangeData {
  schema: string;
  table: string;
  commit_timestamp: string;
  type: RowChangeType;
  columns: { name: string; type: string }[];
  record?: Record<string, unknown>;
  old_record?: Record<string, unknown>;
  errors: null;
}

export interface Shaped {
  change: QueuedChange;
  type: RowChangeType;
  /** The record filters look at. */
  subject: Record<string, unknown>;
  /** The old record as sent (before column privileges), absent for INSERT. */
  old: Record<string, unknown> | undefined;
  /** The whole deleted row: its visibility to a subscriber is decided on it. */
  deleted: Record<string, unknown> | undefined;
}

function primaryKeyOf(record: Record<string, unknown>, info: TableInfo): Record<string, unknown> {
  return Object.fromEntries(info.primaryKey.map((name) => [name, record[name] ?? null]));
}

export function shape(change: QueuedChange, info: TableInfo): Shaped {
  const type = change.type as RowChangeType;
  const captured = change.old_record ?? undefined;
  const hasKey = info.primaryKey.length > 0;
  const identityFull = info.replicaIdentity === 'f' || !hasKey;
  const identity = captured && (identityFull ? captured : primaryKeyOf(captured, info));
  const old = captured && (info.rls && hasKey ? primaryKeyOf(captured, info) : identity);
  return {
    change,
    type,
    subject: (type === 'DELETE' ? identity : change.record) ?? {},
    old: type === 'INSERT' ? undefined : old,
    deleted: type === 'DELETE' ? captured : undefined,
  };
}

function pick(record: Record<string, unknown> | undefined, columns: Set<string>) {
  if (!record) return undefined;
  return Object.fromEntries(Object.entries(record).filter(([name]) => columns.has(name)));
}

/** The event as `role` receives it. */
export function dataFor(item: Shaped, info: TableInfo, role: ApiRole): ChangeData {
  const allowed = new Set(info.selectable[role]);
  const { change } = item;
  const data: ChangeData = {
    schema: change.schema,
    table: change.table,
    commit_timestamp: change.commit_timestamp,
    type: item.type,
    columns: info.columns
      .filter((column) => allowed.has(column.name))
      .map(({ name, type }) => ({ name, type })),
    errors: null,
  };
  const record = item.type === 'DELETE' ? undefined : pick(change.record ?? {}, allowed);
  const old = pick(item.old, allowed);
  if (record) data.record = record;
  if (old) data.old_record = old;
  return data;
}
