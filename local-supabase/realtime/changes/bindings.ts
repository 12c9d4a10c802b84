// A channel's postgres_changes bindings: what the client asked for at join, checked against the
// database and given a server id. The join reply echoes them in the client's order.
import type { Claims } from '../../db/database.ts';
import type { JoinChecks } from '../join-checks.ts';
import { quoteQualified } from '../../db/sql.ts';
import { compileFilter, FilterError, parseFilter, type FilterCondition } from './filters.ts';
import {
  describeBinding,
  invalidFilterColumn,
  noSubscriptionParams,
  subscribeException,
} from './subscribe-errors.ts';
import type { TableCatalog, TableInfo } from './tables.ts';

export interface ClientBinding {
  event: string;
  schema: string;
  table?: string;
  filter?: string;
}

export interface PostgresBinding {
  id: number;
  /** `*`, `INSERT`, `UPDATE` or `DELETE` (upper case). */
  event: string;
  schema: string;
  /** null: every published table of the schema. */
  table: string | null;
  conditions: FilterCondition[];
  /** The client's binding, echoed verbatim in the join reply. */
  echo: ClientBinding;
}

export class BindingError extends Error {
  override name = 'BindingError';
}

const EVENTS = new Set(['*', 'INSERT', 'UPDATE', 'DELETE']);
let nextId = 1;

function readClientBinding(value: unknown): ClientBinding {
  if (typeof value !== 'object' || value === null) {
    throw new BindingError('postgres_changes bindings must be objects');
  }
  const raw = value as Record<string, unknown>;
  const { event, schema, table, filter } = raw;
  if (typeof event !== 'string' || !EVENTS.has(event.toUpperCase())) {
    throw new BindingError(`event must be one of *, INSERT, UPDATE, DELETE (got ${String(event)})`);
  }
  if (typeof schema !== 'string' || schema === '') throw new BindingError('schema is required');
  if (table !== undefined && table !== null && typeof table !== 'string') {
    throw new BindingError('table must be a string');
  }
  if (filter !== undefined && filter !== null && typeof filter !== 'string') {
    throw new BindingError('filter must be a string');
  }
  // Realtime takes a filter only together with a table (`table: '*'` included).
  if (table === undefined && filter !== undefined) {
    throw new BindingError(noSubscriptionParams(raw));
  }
  return {
    event,
    schema,
    ...(typeof table === 'string' ? { table } : {}),
    ...(typeof filter === 'string' ? { filter } : {}),
  };
}

/**
 * Checks the client's bindings (tables exist, filter columns exist and values fit their types) and
 * gives each a server id. Throws BindingError with the reason for the join reply.
 */
export async function createBindings(
  requested: unknown,
  catalog: TableCatalog,
  checks: JoinChecks,
  role: Claims['role'],
): Promise<PostgresBinding[]> {
  if (requested === undefined || requested === null) return [];
  if (!Array.isArray(requested)) throw new BindingError('postgres_changes must be a list');
  const bindings: PostgresBinding[] = [];
  for (const value of requested) {
    const echo = readClientBinding(value);
    const wildcard = echo.table === undefined || echo.table === '*';
    let conditions: FilterCondition[];
    try {
      conditions = parseFilter(echo.filter ?? '');
    } catch (error) {
      throw new BindingError(`Error parsing \`filter\` params: ${(error as Error).message}`);
    }
    // Hosted Realtime subscribes only to tables in the `supabase_realtime` publication.
    const notPublished = new BindingError(
      `Unable to subscribe to changes with given parameters. Please check Realtime is enabled for the given connect parameters: ${describeBinding(echo)}`,
    );
    const tables = wildcard ? await catalog.publishedIn(echo.schema) : [echo.table ?? ''];
    if (tables.length === 0) throw notPublished;
    // With `table: '*'`, Realtime subscribes to each published table of the schema, and checks the
    // filter against each: every one must have the columns and take the values.
    for (const table of wildcard && conditions.length === 0 ? [] : tables) {
      const info = await catalog.get(echo.schema, table);
      if (!info?.published) throw notPublished;
      checkFilterColumns(conditions, info, role, echo);
      await checkFilterValues(conditions, info, checks, echo);
    }
    bindings.push({
      id: nextId++,
      event: echo.event.toUpperCase(),
      schema: echo.schema,
      table: wildcard ? null : (echo.table ?? null),
      conditions,
      echo,
    });
  }
  return bindings;
}

/**
 * The filter columns checked again for a channel's new role (`access_token` pushed, say the anon
 * key after sign-out), as Realtime subscribes again with the new claims. The reason, or null.
 */
export async function recheckFilterColumns(
  bindings: readonly PostgresBinding[],
  catalog: TableCatalog,
  role: Claims['role'],
): Promise<string | null> {
  for (const binding of bindings) {
    if (binding.conditions.length === 0) continue;
    const tables =
      binding.table === null ? await catalog.publishedIn(binding.schema) : [binding.table];
    for (const table of tables) {
      const info = await catalog.get(binding.schema, table);
      if (!info) continue;
      try {
        checkFilterColumns(binding.conditions, info, role, binding.echo);
      } catch (error) {
        if (error instanceof BindingError) return error.message;
        throw error;
      }
    }
  }
  return null;
}

/**
 * Each filter's column must exist and be one the subscriber's role may select, as Realtime checks
 * when it subscribes: a filter on a column hidden from the role would tell it that column's values.
 */
function checkFilterColumns(
  conditions: FilterCondition[],
  info: TableInfo,
  role: Claims['role'],
  echo: ClientBinding,
): void {
  const selectable = new Set(info.selectable[role]);
  for (const { column } of conditions) {
    if (!selectable.has(column)) throw new BindingError(invalidFilterColumn(echo, column));
  }
}

/**
 * Casts every filter value to its column's type once, so a bad value fails the join, not a change.
 * The values travel as one jsonb array ($1), so the checks of many joins go in one call.
 */
async function checkFilterValues(
  conditions: FilterCondition[],
  info: TableInfo,
  checks: JoinChecks,
  echo: ClientBinding,
): Promise<void> {
  if (conditions.length === 0) return;
  const input: unknown[] = [];
  const param = (value: unknown) => {
    const at = input.push(value) - 1;
    return Array.isArray(value)
      ? `(array(select jsonb_array_elements_text($1 -> ${String(at)})))`
      : `($1 ->> ${String(at)})`;
  };
  let sql: string;
  try {
    sql = compileFilter(conditions, info, param);
  } catch (error) {
    if (error instanceof FilterError) {
      throw new BindingError(
        `Error parsing \`filter\` params: ${error.message} ${describeBinding(echo)}`,
      );
    }
    throw error;
  }
  // The row is null, so a pattern is never compiled by the filter: Realtime checks it at join.
  const patterns = conditions
    .filter((condition) => condition.operator === 'match' || condition.operator === 'imatch')
    .map((condition) => `('' ~ ${param(condition.values[0] ?? '')})`);
  const row = `null::${quoteQualified(info.schema, info.table)}`;
  const failure = await checks.filter({
    statement: `select ${[sql, ...patterns].join(', ')} from (select (${row}).*) as r`,
    input,
  });
  if (failure !== null) {
    const [sqlstate = '', ...message] = failure.split(' ');
    throw new BindingError(subscribeException(echo, sqlstate, message.join(' ')));
  }
}
