/** The part of `localStorage` drafts need; tests pass a Map-backed stand-in. */
export interface DraftStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** Which box a draft belongs to: a new comment, a reply to a comment, or an edit of one. */
export type DraftTarget =
  { kind: 'new' } | { kind: 'reply'; parentId: string } | { kind: 'edit'; commentId: string };

/**
 * The storage key of a draft. Per article, so the same thread in every language shares drafts.
 *
 * @example draftKey('article-1', { kind: 'reply', parentId: 'c1' }) // 'polyglot.draft:article-1:reply:c1'
 */
export function draftKey(articleKey: string, target: DraftTarget): string {
  const suffix =
    target.kind === 'new'
      ? 'new'
      : target.kind === 'reply'
        ? `reply:${target.parentId}`
        : `edit:${target.commentId}`;
  return `polyglot.draft:${articleKey}:${suffix}`;
}

/**
 * Reads, writes and forgets drafts. Storage can be missing or full (private windows, quotas): a
 * draft that cannot be kept must never break typing, so failures are swallowed here.
 */
export function createDrafts(storage: DraftStorage | undefined, articleKey: string) {
  return {
    load(target: DraftTarget): string {
      try {
        return storage?.getItem(draftKey(articleKey, target)) ?? '';
      } catch {
        return '';
      }
    },
    save(target: DraftTarget, text: string): void {
      try {
        if (text.trim() === '') storage?.removeItem(draftKey(articleKey, target));
        else storage?.setItem(draftKey(articleKey, target), text);
      } catch {
        // Quota or privacy settings: the text stays in the box, only not across reloads.
      }
    },
    clear(target: DraftTarget): void {
      try {
        storage?.removeItem(draftKey(articleKey, target));
      } catch {
        // See save().
      }
    },
  };
}

export type Drafts = ReturnType<typeof createDrafts>;
