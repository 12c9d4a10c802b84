// The filter grammar REST and realtime share, in-process: REST's parser (PostgREST's pOpExpr and
// pLogicTree) and realtime's postgres_changes filters read on top of it, limited to Supabase
// Realtime's operators. The HTTP and WebSocket contract tests cover the same through the clients.
import { describe, expect, it } from 'vitest';
import { ServiceError } from '../../../local-supabase/http/errors.ts';
import {
  compileFilter,
  FilterError,
  parseFilter,
} from '../../../local-supabase/realtime/changes/filters.ts';
import type { TableInfo } from '../../../local-supabase/realtime/changes/tables.ts';
import { parseFilterValue, parseLogicTree } from '../../../local-supabase/rest/parse/filter.ts';

const field = { name: 'title', jsonPath: [] };

function restFailure(run: () => unknown): ServiceError {
  try {
    run();
  } catch (error) {
    if (error instanceof ServiceError) return error;
    throw error;
  }
  throw new Error('expected a PGRST100 parse error');
}

describe('REST filters (PostgREST grammar)', () => {
  it('reads a negated list with a quoted element that holds a comma', () => {
    expect(parseFilterValue(field, 'not.in.(a,"b,c")')).toEqual({
      field,
      negate: true,
      operation: { kind: 'in', values: ['a', 'b,c'] },
    });
  });

  it('keeps everything after the operator as the value, dots and commas included', () => {
    expect(parseFilterValue(field, 'eq.1.5,2').operation).toEqual({
      kind: 'op',
      op: 'eq',
      value: '1.5,2',
    });
  });

  it('reads is.NULL in any case, and any/all quantifiers', () => {
    expect(parseFilterValue(field, 'is.NULL').operation).toEqual({ kind: 'is', value: 'null' });
    expect(parseFilterValue(field, 'like(any).{a*,b*}').operation).toEqual({
      kind: 'op',
      op: 'like',
      quantifier: 'any',
      value: '{a*,b*}',
    });
  });

  it('refuses an unknown operator with PGRST100 and the column where it failed', () => {
    const error = restFailure(() => parseFilterValue(field, 'equals.1'));
    expect(error.status).toBe(400);
    expect(error.code).toBe('PGRST100');
    expect(error.message).toBe('"failed to parse filter (equals.1)" (line 1, column 1)');
  });

  it('nests and/or groups, with negation after the column name', () => {
    const tree = parseLogicTree('or', false, '(id.eq.1,and(lang.eq.de,title.not.is.null))');
    expect(tree).toMatchObject({
      kind: 'group',
      op: 'or',
      children: [
        { kind: 'filter', filter: { field: { name: 'id' } } },
        {
          kind: 'group',
          op: 'and',
          children: [
            { kind: 'filter' },
            { kind: 'filter', filter: { negate: true, operation: { kind: 'is', value: 'null' } } },
          ],
        },
      ],
    });
  });

  it('refuses a logic tree nested deeper than ten levels', () => {
    const deep = `${'and('.repeat(11)}id.eq.1${')'.repeat(11)}`;
    expect(restFailure(() => parseLogicTree('or', false, `(${deep})`)).details).toMatch(
      /at most 10 levels/,
    );
  });
});

describe('realtime postgres_changes filters', () => {
  it('reads realtime-js filters: one condition, a list, and comma-joined conditions', () => {
    expect(parseFilter('article_key=eq.k-1')).toEqual([
      { column: 'article_key', operator: 'eq', negate: false, values: ['k-1'] },
    ]);
    expect(parseFilter('language=in.(de,"fr,ca")')).toEqual([
      { column: 'language', operator: 'in', negate: false, values: ['de', 'fr,ca'] },
    ]);
    expect(parseFilter('a=gt.1,b=lte."x,y"')).toEqual([
      { column: 'a', operator: 'gt', negate: false, values: ['1'] },
      { column: 'b', operator: 'lte', negate: false, values: ['x,y'] },
    ]);
  });

  it("accepts Supabase Realtime's operators, each negatable with not.", () => {
    const operators = ['eq', 'neq', 'lt', 'lte', 'gt', 'gte', 'like', 'ilike', 'match', 'imatch'];
    for (const operator of [...operators, 'isdistinct']) {
      expect(parseFilter(`title=${operator}.a*`)).toEqual([
        { column: 'title', operator, negate: false, values: ['a*'] },
      ]);
    }
    expect(parseFilter('deleted_at=not.is.null,status=not.in.(draft,archived)')).toEqual([
      { column: 'deleted_at', operator: 'is', negate: true, values: ['null'] },
      { column: 'status', operator: 'in', negate: true, values: ['draft', 'archived'] },
    ]);
    expect(parseFilter('  ')).toEqual([]);
  });

  it("refuses other operators with Realtime's reason", () => {
    for (const operator of ['cs', 'fts', 'nope', 'eq(any)']) {
      expect(() => parseFilter(`id=${operator}.1`)).toThrow(
        new FilterError(`["${operator}", "1"]`),
      );
    }
    expect(() => parseFilter('undefined')).toThrow(new FilterError('["undefined"]'));
    expect(() => parseFilter('id=eq')).toThrow(new FilterError('["eq"]'));
  });

  it('says what is wrong with a malformed condition or list, as Realtime does', () => {
    expect(() => parseFilter('id=eq.1,,id=eq.2')).toThrow(
      'filter must not contain empty segments (check for extra commas)',
    );
    expect(() => parseFilter('id=in.1,2')).toThrow(
      '`in` filter value must be wrapped by parentheses',
    );
    expect(() => parseFilter('flag=is.maybe')).toThrow(
      'invalid value for is filter: must be null, true, false, or unknown',
    );
    const many = Array.from({ length: 101 }, (_, index) => String(index)).join(',');
    expect(() => parseFilter(`id=in.(${many})`)).toThrow(
      'too many values for `in` filter. Maximum 100',
    );
  });

  it('compiles to SQL over the row, casting each value to the column type', () => {
    const table = {
      schema: 'public',
      table: 'comments',
      columns: [
        { name: 'id', type: 'uuid', sqlType: 'uuid' },
        { name: 'lang', type: 'text', sqlType: 'text' },
      ],
    } as TableInfo;
    const params: unknown[] = [];
    const param = (value: unknown) => {
      params.push(value);
      return `$${params.length}`;
    };
    const sql = compileFilter(parseFilter('id=neq.x,lang=in.(de,fr)'), table, param);
    expect(sql).toBe(
      'coalesce((r."id" <> $1::text::uuid) and (r."lang" = any($2::text[]::text[])), false)',
    );
    expect(params).toEqual(['x', ['de', 'fr']]);
    params.length = 0;
    expect(
      compileFilter(parseFilter('lang=not.like.d*,lang=isdistinct.fr,id=is.null'), table, param),
    ).toBe(
      'coalesce(not (r."lang" like $1::text::text) and (r."lang" is distinct from $2::text::text) and (r."id" is null), false)',
    );
    expect(params).toEqual(['d*', 'fr']);
    expect(() => compileFilter(parseFilter('colour=eq.red'), table, param)).toThrow(
      'column "colour" does not exist in public.comments',
    );
  });
});
