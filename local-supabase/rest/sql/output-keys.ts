// One key per name in every object an answer builds. Postgres' `row_to_json` keeps a repeated
// column name twice (`{"id":1,"id":2}`), and a client's JSON parser then keeps only the last value:
// the other is lost without a word. So a level whose output would repeat a key is refused.
import { restError } from '../errors.ts';
import type { SelectEmbed } from '../parse/select.ts';

/**
 * PostgREST joins every embed as `<parent>_<alias or name>_<depth>` (`relAggAlias`, Plan.hs), so
 * two embeds of one table without aliases (or with the same alias) make Postgres answer 42712 with
 * that name; postgrest-js's own suite expects the error. The same check applies here, before the
 * wider one: any other repeated key (`id, id`, a column and an embed, a spread's column and the
 * parent's) is 42701 (PostgREST answers those with the repeated key, which this backend never does).
 *
 * @example
 * checkOutputKeys('best_friends', 1, [usersByFirst, usersBySecond], ['users', 'users']);
 * // throws 400 42712 'table name "best_friends_users_1" specified more than once'
 */
export function checkOutputKeys(
  parent: string,
  depth: number,
  embeds: SelectEmbed[],
  keys: string[],
): void {
  const joins = new Set<string>();
  for (const embed of embeds) {
    const join = `${parent}_${embed.alias ?? embed.name}_${depth}`;
    if (joins.has(join)) {
      throw restError(400, '42712', `table name "${join}" specified more than once`);
    }
    joins.add(join);
  }
  const seen = new Set<string>();
  for (const key of keys) {
    if (seen.has(key)) {
      throw restError(
        400,
        '42701',
        `column "${key}" specified more than once`,
        null,
        'Give one of them an alias in the select parameter',
      );
    }
    seen.add(key);
  }
}
