import type { SupabaseClient } from '@supabase/supabase-js';
import { isReactionKind, type ReactionKind } from '../state/reactions-state';
import { failure, success, type ApiResult } from './results';

/** Reaction counts per kind for an article (everyone may read them). */
export async function loadReactionCounts(
  client: SupabaseClient,
  articleKey: string,
): Promise<ApiResult<Partial<Record<ReactionKind, number>>>> {
  const { data, error } = await client
    .from('reaction_counts')
    .select('kind,count')
    .eq('article_key', articleKey);
  if (error) return failure(error);
  const counts: Partial<Record<ReactionKind, number>> = {};
  for (const row of data as { kind: string; count: number }[]) {
    if (isReactionKind(row.kind)) counts[row.kind] = row.count;
  }
  return success(counts);
}

/** The kinds this member gave the article. */
export async function loadMyReactions(
  client: SupabaseClient,
  articleKey: string,
  userId: string,
): Promise<ApiResult<ReactionKind[]>> {
  const { data, error } = await client
    .from('reactions')
    .select('kind')
    .eq('article_key', articleKey)
    .eq('user_id', userId);
  if (error) return failure(error);
  return success((data as { kind: string }[]).map((row) => row.kind).filter(isReactionKind));
}

/** Gives (`on`) or takes back a reaction. Giving one twice or taking back a missing one is done. */
export async function setReaction(
  client: SupabaseClient,
  articleKey: string,
  kind: ReactionKind,
  on: boolean,
): Promise<ApiResult<null>> {
  const { error } = on
    ? await client.from('reactions').insert({ article_key: articleKey, kind })
    : await client.from('reactions').delete().eq('article_key', articleKey).eq('kind', kind);
  if (error && error.code !== '23505') return failure(error);
  return success(null);
}

/** Whether the member bookmarked the article (bookmarks are private: RLS shows only one's own). */
export async function loadBookmark(
  client: SupabaseClient,
  articleKey: string,
): Promise<ApiResult<boolean>> {
  const { data, error } = await client
    .from('bookmarks')
    .select('article_key')
    .eq('article_key', articleKey)
    .maybeSingle();
  if (error) return failure(error);
  return success(data !== null);
}

export async function setBookmark(
  client: SupabaseClient,
  articleKey: string,
  on: boolean,
): Promise<ApiResult<null>> {
  const { error } = on
    ? await client.from('bookmarks').insert({ article_key: articleKey })
    : await client.from('bookmarks').delete().eq('article_key', articleKey);
  if (error && error.code !== '23505') return failure(error);
  return success(null);
}
