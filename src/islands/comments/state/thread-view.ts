import { compareOldestFirst, type Comment } from './comment';
import { matchesLanguage, type ThreadState } from './thread-state';

/** A top-level comment with its replies, as the thread shows it. */
export interface ThreadItem {
  comment: Comment;
  replies: Comment[];
}

/** Whether a top-level comment lies within the pages loaded so far (not past the cursor). */
function isLoaded(comment: Comment, state: ThreadState): boolean {
  if (!state.hasMore || state.cursor === null) return true;
  const fromCursor = compareOldestFirst(comment, state.cursor);
  return state.order === 'newest' ? fromCursor >= 0 : fromCursor <= 0;
}

/**
 * What the thread shows, in order. Left out: threads in another language when filtered; a
 * withdrawn comment nobody replied to (its tombstone only keeps replies in place); replies whose
 * parent this reader can no longer see (they reappear with it when it is restored); and a live
 * comment that would sort after comments "load more" has not fetched yet.
 */
export function threadView(state: ThreadState): ThreadItem[] {
  const all = Object.values(state.comments);
  const repliesByParent = new Map<string, Comment[]>();
  for (const comment of all) {
    if (comment.parentId === null || comment.status === 'deleted') continue;
    const siblings = repliesByParent.get(comment.parentId) ?? [];
    siblings.push(comment);
    repliesByParent.set(comment.parentId, siblings);
  }

  const items: ThreadItem[] = [];
  for (const comment of all) {
    if (comment.parentId !== null) continue;
    if (!matchesLanguage(comment, state.languageFilter, state.comments)) continue;
    if (!isLoaded(comment, state)) continue;
    const replies = (repliesByParent.get(comment.id) ?? []).sort(compareOldestFirst);
    if (comment.status === 'deleted' && replies.length === 0) continue;
    items.push({ comment, replies });
  }
  items.sort((a, b) => compareOldestFirst(a.comment, b.comment));
  if (state.order === 'newest') items.reverse();
  return items;
}
