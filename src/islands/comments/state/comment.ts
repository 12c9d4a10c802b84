/**
 * One comment as the island holds it: a row of the `thread_comments` view (comments with their
 * author's public name) in camelCase. The row reaches the island only if row level security lets
 * this reader see it, so `status` is `hidden` only for moderators and the comment's own author.
 */
export interface Comment {
  id: string;
  articleKey: string;
  parentId: string | null;
  authorId: string | null;
  authorName: string | null;
  body: string;
  language: string;
  status: 'visible' | 'hidden' | 'deleted';
  createdAt: string;
  editedAt: string | null;
}

/** A row of `public.thread_comments` as PostgREST returns it. */
export interface CommentRow {
  id: string;
  article_key: string;
  parent_id: string | null;
  author_id: string | null;
  author_name: string | null;
  body: string;
  language: string;
  status: string;
  created_at: string;
  edited_at: string | null;
}

function commentStatus(value: string): Comment['status'] {
  return value === 'hidden' || value === 'deleted' ? value : 'visible';
}

/** Converts a database row to the island's comment. */
export function commentFromRow(row: CommentRow): Comment {
  return {
    id: row.id,
    articleKey: row.article_key,
    parentId: row.parent_id,
    authorId: row.author_id,
    authorName: row.author_name,
    body: row.body,
    language: row.language,
    status: commentStatus(row.status),
    createdAt: row.created_at,
    editedAt: row.edited_at,
  };
}

/**
 * Orders comments oldest first; equal times (one transaction) fall back to the id so every reader
 * sees the same order.
 */
export function compareOldestFirst(a: Comment, b: Comment): number {
  const byTime = Date.parse(a.createdAt) - Date.parse(b.createdAt);
  if (byTime !== 0) return byTime;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}
