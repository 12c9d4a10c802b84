import type { SupabaseClient } from '@supabase/supabase-js';
import { failure, success, type ApiResult } from '../comments/data/results';

/** A comment as the moderation page shows it (moderators may read every comment and profile). */
export interface ModeratedComment {
  id: string;
  article_key: string;
  body: string;
  language: string;
  status: string;
  author_id: string | null;
  created_at: string;
  author: { display_name: string; commenting_suspended_until: string | null } | null;
}

export interface ReportRow {
  id: string;
  reason: string;
  note: string | null;
  created_at: string;
  comment: ModeratedComment | null;
}

export interface Member {
  id: string;
  display_name: string;
  role: 'member' | 'moderator' | 'admin';
}

const commentColumns =
  'id,article_key,body,language,status,author_id,created_at,author:profiles(display_name,commenting_suspended_until)';

/** Open reports, oldest first, each with the comment it is about. */
export async function loadOpenReports(client: SupabaseClient): Promise<ApiResult<ReportRow[]>> {
  const { data, error } = await client
    .from('comment_reports')
    .select(`id,reason,note,created_at,comment:comments(${commentColumns})`)
    .eq('status', 'open')
    .order('created_at', { ascending: true })
    .limit(200);
  if (error) return failure(error);
  return success(data as unknown as ReportRow[]);
}

/** Hidden comments, most recent first. */
export async function loadHiddenComments(
  client: SupabaseClient,
): Promise<ApiResult<ModeratedComment[]>> {
  const { data, error } = await client
    .from('comments')
    .select(commentColumns)
    .eq('status', 'hidden')
    .order('created_at', { ascending: false })
    .limit(200);
  if (error) return failure(error);
  return success(data as unknown as ModeratedComment[]);
}

/** The caller's role: what the page offers (the database decides what it allows). */
export async function loadOwnRole(
  client: SupabaseClient,
  userId: string,
): Promise<ApiResult<Member['role'] | null>> {
  const { data, error } = await client
    .from('profiles')
    .select('role')
    .eq('id', userId)
    .maybeSingle();
  if (error) return failure(error);
  return success(data?.role ?? null);
}

/** Members whose display name contains `text` (admins use it to find whom to appoint). */
export async function searchMembers(
  client: SupabaseClient,
  text: string,
): Promise<ApiResult<Member[]>> {
  const pattern = `%${text.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
  const { data, error } = await client
    .from('profiles')
    .select('id,display_name,role')
    .ilike('display_name', pattern)
    .order('display_name')
    .limit(20);
  if (error) return failure(error);
  return success(data as Member[]);
}

/** The moderation functions of supabase/migrations/…_moderation.sql; each checks the caller. */
export type ModerationCall =
  | { fn: 'resolve_report' | 'dismiss_report'; args: { report_id: string } }
  | { fn: 'hide_comment' | 'restore_comment'; args: { comment_id: string } }
  | { fn: 'suspend_commenting'; args: { user_id: string; until: string | null } }
  | { fn: 'set_role'; args: { user_id: string; role: 'member' | 'moderator' } };

export async function moderate(
  client: SupabaseClient,
  call: ModerationCall,
): Promise<ApiResult<null>> {
  const { error } = await client.rpc(call.fn, call.args);
  if (error) return failure(error);
  return success(null);
}
