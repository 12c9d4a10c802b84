// REST's "Perhaps you meant …" matcher against the examples PostgREST documents for its own hints
// (`noRpcHint` and `tableNotFoundHint` in PostgREST's Error.hs, which use Haskell's fuzzyset).
import { describe, expect, it } from 'vitest';
import { fuzzyMatch, NAME_SCORE, PARAMS_SCORE } from '../../../local-supabase/rest/suggest.ts';

/** PostgREST's `listToText`: sorted parameter names as `(a, b, c)`. */
const list = (names: string[]) => `(${[...names].sort().join(', ')})`;

describe('fuzzy name suggestions', () => {
  it('suggests a function name only from a similarity of 0.75', () => {
    expect(fuzzyMatch('testt', ['test', 'another'], NAME_SCORE)).toBe('test');
    expect(fuzzyMatch('other', ['test', 'another'], NAME_SCORE)).toBeUndefined();
    expect(fuzzyMatch('noclosealternative', ['test', 'another'], NAME_SCORE)).toBeUndefined();
  });

  it("suggests a function's parameter list from a similarity of 0.33", () => {
    const overloads = [list(['val', 'param', 'name']), list(['id', 'attr'])];
    expect(fuzzyMatch(list(['vall', 'pqaram', 'nam']), overloads, PARAMS_SCORE)).toBe(
      '(name, param, val)',
    );
    expect(fuzzyMatch(list(['val', 'param']), overloads, PARAMS_SCORE)).toBe('(name, param, val)');
    expect(fuzzyMatch(list(['id', 'attrs']), overloads, PARAMS_SCORE)).toBe('(attr, id)');
    expect(fuzzyMatch(list(['id']), overloads, PARAMS_SCORE)).toBe('(attr, id)');
    expect(fuzzyMatch(list(['noclosealternative']), overloads, PARAMS_SCORE)).toBeUndefined();
  });

  it('matches regardless of case, and keeps the name as the schema spells it', () => {
    expect(fuzzyMatch('Rest_Authors', ['rest_authors'], NAME_SCORE)).toBe('rest_authors');
    expect(fuzzyMatch('rest_author', ['Rest_Authors', 'rest_posts'], NAME_SCORE)).toBe(
      'Rest_Authors',
    );
  });
});
