import { describe, expect, it } from 'vitest';
import { createDrafts, type DraftStorage } from '../../../src/islands/comments/state/drafts';
import { linkify } from '../../../src/islands/comments/state/linkify';

function memoryStorage(): DraftStorage & { items: Map<string, string> } {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  };
}

describe('drafts', () => {
  it('keeps one draft per article and box, and forgets a blank one', () => {
    const storage = memoryStorage();
    const drafts = createDrafts(storage, 'article-1');
    drafts.save({ kind: 'new' }, 'half a thought');
    drafts.save({ kind: 'reply', parentId: 'c1' }, 'a reply');
    expect(createDrafts(storage, 'article-1').load({ kind: 'new' })).toBe('half a thought');
    expect(createDrafts(storage, 'article-2').load({ kind: 'new' })).toBe('');
    drafts.save({ kind: 'reply', parentId: 'c1' }, '   ');
    expect(drafts.load({ kind: 'reply', parentId: 'c1' })).toBe('');
    drafts.clear({ kind: 'new' });
    expect(storage.items.size).toBe(0);
  });

  it('a storage that refuses (quota, privacy mode) never breaks typing', () => {
    const refusing: DraftStorage = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => {
        throw new Error('SecurityError');
      },
    };
    const drafts = createDrafts(refusing, 'article-1');
    expect(() => {
      drafts.save({ kind: 'new' }, 'text');
    }).not.toThrow();
    expect(drafts.load({ kind: 'new' })).toBe('');
  });
});

describe('links in comment text', () => {
  it('turns web addresses into links and leaves sentence punctuation outside', () => {
    expect(linkify('See https://example.org/a?b=1. Thanks')).toEqual([
      { text: 'See ' },
      { text: 'https://example.org/a?b=1', href: 'https://example.org/a?b=1' },
      { text: '. Thanks' },
    ]);
  });

  it('leaves markup and other schemes as plain text', () => {
    const body = '<a href="javascript:alert(1)">x</a> javascript:alert(1) data:text/html,<b>';
    expect(linkify(body)).toEqual([{ text: body }]);
  });

  it('does not let an address carry quotes or angle brackets into the link', () => {
    const parts = linkify('https://example.org/"onmouseover="alert(1)');
    expect(parts[0]).toEqual({ text: 'https://example.org/', href: 'https://example.org/' });
  });
});
