import type { SupabaseClient } from '@supabase/supabase-js';
import { commentFromRow, type Comment, type CommentRow } from '../state/comment';
import type { LanguageFilter, ThreadOrder } from '../state/thread-state';
import { failure, success, type ApiResult } from './results';

/** Top-level comments per page (PRODUCT.md: 50 at a time with "load more"). */
export const pageSize = 50;
/** How many top-level comments a catch-up after reconnecting reads at most. */
const windowLimit = 500;

const columns =
  'id,article_key,parent_id,author_id,author_name,body,language,status,created_at,edited_at';

export interface ListingQuery {
  articleKey: string;
  order: ThreadOrder;
  languageFilter: LanguageFilter;
}

/** `"…"` keeps the dots and colons of a timestamp from being read as PostgREST syntax. */
function quoted(value: string): string {
  return `"${value.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`;
}

/** Comments strictly after `cursor` in the listing's order (ties broken by id, as the UI sorts). */
function afterCursor(order: ThreadOrder, cursor: Comment): string {
  const op = order === 'newest' ? 'lt' : 'gt';
  const at = quoted(cursor.createdAt);
  return `created_at.${op}.${at},and(created_at.eq.${at},id.${op}.${cursor.id})`;
}

function topLevelQuery(client: SupabaseClient, query: ListingQuery) {
  const ascending = query.order === 'oldest';
  let request = client
    .from('thread_comments')
    .select(columns)
    .eq('article_key', query.articleKey)
    .is('parent_id', null);
  if (query.languageFilter !== 'all') request = request.eq('language', query.languageFilter);
  return request.order('created_at', { ascending }).order('id', { ascending });
}

async function withReplies(
  client: SupabaseClient,
  topLevel: CommentRow[],
): Promise<ApiResult<Comment[]>> {
  const ids = topLevel.map((row) => row.id);
  if (ids.length === 0) return success([]);
  const { data, error } = await client
    .from('thread_comments')
    .select(columns)
    .in('parent_id', ids)
    .order('created_at', { ascending: true });
  if (error) return failure(error);
  return success([...topLevel, ...(data as CommentRow[])].map(commentFromRow));
}

/**
 * One page of top-level comments with all their replies; `after` continues a listing ("load more").
 */
export async function loadPage(
  client: SupabaseClient,
  query: ListingQuery,
  after: Comment | null,
): Promise<ApiResult<{ comments: Comment[]; hasMore: boolean }>> {
  let request = topLevelQuery(client, query);
  if (after) request = request.or(afterCursor(query.order, after));
  const { data, error } = await request.limit(pageSize + 1);
  if (error) return failure(error);
  const rows = data as CommentRow[];
  const page = await withReplies(client, rows.slice(0, pageSize));
  if (!page.ok) return page;
  return success({ comments: page.value, hasMore: rows.length > pageSize });
}

/**
 * Everything the island had loaded, read again after a dropped connection: from the start of the
 * listing through `cursor` (or everything, when nothing was left to load).
 */
export async function loadWindow(
  client: SupabaseClient,
  query: ListingQuery,
  cursor: Comment | null,
  hadMore: boolean,
): Promise<ApiResult<{ comments: Comment[]; hasMore: boolean }>> {
  if (cursor === null) return loadPage(client, query, null);
  let request = topLevelQuery(client, query);
  if (hadMore) {
    const op = query.order === 'newest' ? 'gte' : 'lte';
    request = request.filter('created_at', op, cursor.createdAt);
  }
  const { data, error } = await request.limit(windowLimit + 1);
  if (error) return failure(error);
  const rows = data as CommentRow[];
  const window = await withReplies(client, rows.slice(0, windowLimit));
  if (!window.ok) return window;
  return success({ comments: window.value, hasMore: hadMore || rows.length > windowLimit });
}

/** One comment as this reader may see it now; null when row level security hides it. */
export async function fetchComment(
  client: SupabaseClient,
  id: string,
): Promise<ApiResult<Comment | null>> {
  const { data, error } = await client
    .from('thread_comments')
    .select(columns)
    .eq('id', id)
    .maybeSingle();
  if (error) return failure(error);
  return success(data ? commentFromRow(data) : null);
}

export interface NewComment {
  /** Chosen by the island, so a retry after an unknown outcome cannot post twice. */
  id: string;
  articleKey: string;
  parentId: string | null;
  body: string;
  language: string;
}

/** Posts a comment or reply and returns it as the thread shows it (with the author's name). */
export async function postComment(
  client: SupabaseClient,
  comment: NewComment,
): Promise<ApiResult<Comment>> {
  const { error } = await client.from('comments').insert({
    id: comment.id,
    article_key: comment.articleKey,
    parent_id: comment.parentId,
    body: comment.body,
    language: comment.language,
  });
  // 23505: the first attempt did arrive (its answer was lost); the comment exists.
  if (error && error.code !== '23505') return failure(error);
  return existing(client, comment.id);
}

async function existing(client: SupabaseClient, id: string): Promise<ApiResult<Comment>> {
  const fetched = await fetchComment(client, id);
  if (!fetched.ok) return fetched;
  if (fetched.value === null) {
    return failure({ code: 'PGRST116', message: 'not_found', hint: null });
  }
  return success(fetched.value);
}

/** Changes the text of one's own comment. */
export async function editComment(
  client: SupabaseClient,
  id: string,
  body: string,
): Promise<ApiResult<Comment>> {
  const { error } = await client.from('comments').update({ body }).eq('id', id);
  if (error) return failure(error);
  return existing(client, id);
}

/** Withdraws one's own comment: it becomes a tombstone (replies keep their place). */
export async function withdrawComment(
  client: SupabaseClient,
  id: string,
): Promise<ApiResult<Comment>> {
  const { error } = await client.from('comments').update({ status: 'deleted' }).eq('id', id);
  if (error) return failure(error);
  return existing(client, id);
}

export type ReportReason = 'spam' | 'abuse' | 'off_topic' | 'other';

/** Reports a comment to the moderators. Reporting the same comment twice counts as done. */
export async function reportComment(
  client: SupabaseClient,
  commentId: string,
  reason: ReportReason,
  note: string,
): Promise<ApiResult<null>> {
  const { error } = await client
    .from('comment_reports')
    .insert({ comment_id: commentId, reason, note: note.trim() === '' ? null : note });
  if (error && error.code !== '23505') return failure(error);
  return success(null);
}
