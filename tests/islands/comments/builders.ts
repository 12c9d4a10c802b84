// Test data builders for the comment island's state tests.
import type { Comment } from '../../../src/islands/comments/state/comment';

let sequence = 0;

/** A visible English top-level comment, one second newer than the previous one built. */
export function aComment(fields: Partial<Comment> = {}): Comment {
  sequence += 1;
  return {
    id: `c${String(sequence).padStart(4, '0')}`,
    articleKey: 'article-1',
    parentId: null,
    authorId: 'user-a',
    authorName: 'Ada',
    body: `Comment ${sequence}`,
    language: 'en',
    status: 'visible',
    createdAt: new Date(Date.UTC(2026, 10, 25, 10, 0, sequence)).toISOString(),
    editedAt: null,
    ...fields,
  };
}

/** A reply to `parent`, newer than everything built before. */
export function aReply(parent: Comment, fields: Partial<Comment> = {}): Comment {
  return aComment({ parentId: parent.id, articleKey: parent.articleKey, ...fields });
}
