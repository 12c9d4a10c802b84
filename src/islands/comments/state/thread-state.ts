import { compareOldestFirst, type Comment } from './comment';

/** How top-level comments are listed; replies are always oldest first under their parent. */
export type ThreadOrder = 'newest' | 'oldest';

/** `all`, or a locale (`en`, `de`, …): only threads started in that language. */
export type LanguageFilter = string;

/**
 * Everything the comment thread knows. User actions (load, post, edit, withdraw) and realtime news
 * (a comment appeared, changed or went out of sight) all go through {@link threadReducer}, so a
 * comment that arrives twice (as the answer to my own insert and as its realtime echo) is the same
 * entry, and a change reaches the screen the same way whichever path brought it.
 */
export interface ThreadState {
  /** Every comment this reader may see that the island has loaded or been told about, by id. */
  comments: Readonly<Record<string, Comment>>;
  order: ThreadOrder;
  languageFilter: LanguageFilter;
  /** The last top-level comment of the loaded pages: "load more" continues after it. */
  cursor: Comment | null;
  /** Whether the server has more top-level comments after the cursor. */
  hasMore: boolean;
  /** Comments by other people that arrived live and were not yet announced to screen readers. */
  unannounced: number;
}

export type ThreadEvent =
  /** A page of top-level comments (with their replies); `reset` starts a new listing. */
  | { type: 'pageLoaded'; comments: readonly Comment[]; hasMore: boolean; reset: boolean }
  /**
   * A comment as the server now shows it to this reader: the answer to my own post or edit, or
   * what a refetch after a realtime notice returned. `live` marks news from other people.
   */
  | { type: 'commentReceived'; comment: Comment; live: boolean }
  /** A refetch found nothing: the comment was hidden from this reader (or never existed). */
  | { type: 'commentGone'; id: string }
  /**
   * After a dropped connection: the loaded window read again. Whatever it holds replaces what the
   * island had for that window; loaded comments it no longer holds went out of sight meanwhile.
   */
  | { type: 'windowReloaded'; comments: readonly Comment[]; hasMore: boolean }
  | { type: 'orderChanged'; order: ThreadOrder }
  | { type: 'languageFilterChanged'; filter: LanguageFilter }
  | { type: 'announced' };

export function initialThreadState(
  order: ThreadOrder = 'newest',
  languageFilter: LanguageFilter = 'all',
): ThreadState {
  return { comments: {}, order, languageFilter, cursor: null, hasMore: false, unannounced: 0 };
}

function byId(comments: readonly Comment[]): Record<string, Comment> {
  return Object.fromEntries(comments.map((comment) => [comment.id, comment]));
}

/** The last top-level comment of a page in the listing's order: where the next page starts. */
function lastTopLevel(
  comments: readonly Comment[],
  order: ThreadOrder,
  previous: Comment | null,
): Comment | null {
  const topLevel = comments.filter((comment) => comment.parentId === null);
  const candidates = previous === null ? topLevel : [...topLevel, previous];
  if (candidates.length === 0) return null;
  const sorted = candidates.sort(compareOldestFirst);
  return (order === 'oldest' ? sorted.at(-1) : sorted[0]) ?? null;
}

/** Whether a comment belongs to the listing's language filter (replies follow their thread). */
export function matchesLanguage(
  comment: Comment,
  filter: LanguageFilter,
  comments: Readonly<Record<string, Comment>>,
): boolean {
  if (filter === 'all') return true;
  const threadStart = comment.parentId === null ? comment : comments[comment.parentId];
  return threadStart?.language === filter;
}

export function threadReducer(state: ThreadState, event: ThreadEvent): ThreadState {
  switch (event.type) {
    case 'pageLoaded': {
      const base = event.reset ? {} : state.comments;
      return {
        ...state,
        comments: { ...base, ...byId(event.comments) },
        cursor: lastTopLevel(event.comments, state.order, event.reset ? null : state.cursor),
        hasMore: event.hasMore,
        unannounced: event.reset ? 0 : state.unannounced,
      };
    }
    case 'commentReceived': {
      const known = event.comment.id in state.comments;
      return {
        ...state,
        comments: { ...state.comments, [event.comment.id]: event.comment },
        unannounced:
          event.live && !known && event.comment.status === 'visible'
            ? state.unannounced + 1
            : state.unannounced,
      };
    }
    case 'commentGone': {
      if (!(event.id in state.comments)) return state;
      const comments = { ...state.comments };
      // eslint-disable-next-line @typescript-eslint/no-dynamic-delete -- a copy made for this purpose
      delete comments[event.id];
      return { ...state, comments };
    }
    case 'windowReloaded': {
      return {
        ...state,
        comments: byId(event.comments),
        cursor: lastTopLevel(event.comments, state.order, null),
        hasMore: event.hasMore,
      };
    }
    case 'orderChanged':
      if (event.order === state.order) return state;
      return { ...initialThreadState(event.order, state.languageFilter) };
    case 'languageFilterChanged':
      if (event.filter === state.languageFilter) return state;
      return { ...initialThreadState(state.order, event.filter) };
    case 'announced':
      return { ...state, unannounced: 0 };
  }
}
