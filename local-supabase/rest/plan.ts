// Execution plans: `Accept: application/vnd.pgrst.plan+text` or `+json` with the media type parameters
// `for="<what the plan is for>"` and `options=analyze|verbose|settings|buffers|wal` (what
// postgrest-js's `explain()` sends), answered only when the authenticator role has
// `pgrst.db_plan_enabled` (PGRST107 otherwise), as PostgREST does. The plan is Postgres' EXPLAIN of
// the statement the request would run, as the caller; the transaction is then rolled back.
import type { Tx } from '../db/database.ts';
import { bindUsed } from './sql/fragments.ts';
import type { Reply } from './response.ts';

export const PLAN_OPTIONS = ['analyze', 'verbose', 'settings', 'buffers', 'wal'] as const;
type PlanOption = (typeof PLAN_OPTIONS)[number];

export interface PlanRequest {
  format: 'text' | 'json';
  /** The media type the plan is for (`application/json` unless `for` says otherwise). */
  forType: string;
  options: PlanOption[];
}

/** Reads `application/vnd.pgrst.plan[+text|+json]` and its parameters; null for another type. */
export function parsePlanType(type: string, parameters: string[]): PlanRequest | null {
  const format = /^application\/vnd\.pgrst\.plan(?:\+(text|json))?$/.exec(type)?.[1] ?? null;
  if (format === null && type !== 'application/vnd.pgrst.plan') return null;
  let forType = 'application/json';
  let options: PlanOption[] = [];
  for (const parameter of parameters) {
    const split = parameter.indexOf('=');
    const name = parameter.slice(0, split).trim();
    const value = parameter.slice(split + 1).trim();
    if (name === 'for') forType = value.replace(/^"|"$/g, '') || forType;
    if (name === 'options') {
      options = PLAN_OPTIONS.filter((option) => value.split('|').includes(option));
    }
  }
  return { format: format === 'json' ? 'json' : 'text', forType, options };
}

/** The media type as PostgREST names it (in Content-Type and in PGRST107's list). */
export function planMediaType(plan: PlanRequest): string {
  const options = plan.options.length > 0 ? `; options=${plan.options.join('|')}` : '';
  return `application/vnd.pgrst.plan+${plan.format}; for="${plan.forType}"${options}`;
}

/** Thrown inside the caller's transaction with the plan: it rolls back, and the router sends it. */
export class PlanAnswer extends Error {
  readonly reply: Reply;

  constructor(reply: Reply) {
    super('plan answered');
    this.reply = reply;
  }
}

/** EXPLAINs `sql` instead of running it, and throws the answer (never returns). */
export async function explain(
  tx: Tx,
  plan: PlanRequest,
  sql: string,
  values: unknown[],
): Promise<never> {
  const options = [`format ${plan.format}`, ...plan.options].join(', ');
  const bound = bindUsed(sql, values);
  const { rows } = await tx.query(`explain (${options}) ${bound.sql}`, bound.params);
  const lines = rows.map((row) => Object.values(row)[0]);
  const body =
    plan.format === 'text'
      ? lines.map(String).join('\n')
      : typeof lines[0] === 'string'
        ? lines[0]
        : JSON.stringify(lines[0]);
  throw new PlanAnswer({
    status: 200,
    body,
    headers: { 'Content-Type': `${planMediaType(plan)}; charset=utf-8` },
  });
}
