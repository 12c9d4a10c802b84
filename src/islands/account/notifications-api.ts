// The member's reply e-mails switch (notification_preferences; no row means on, as the database
// treats it). RLS lets a member read and write only their own row.
import type { MemberData } from '../shared/client';
import { errorKey } from '../shared/error-keys';
import type { Result } from './account-api';

export async function loadReplyEmails(db: MemberData, userId: string): Promise<Result<boolean>> {
  try {
    const { data, error } = await db
      .from('notification_preferences')
      .select('reply_emails')
      .eq('user_id', userId)
      .maybeSingle<{ reply_emails: boolean }>();
    if (error) return { ok: false, error: errorKey(error) };
    return { ok: true, value: data?.reply_emails ?? true };
  } catch (error) {
    return { ok: false, error: errorKey(error) };
  }
}

export async function saveReplyEmails(
  db: MemberData,
  userId: string,
  on: boolean,
): Promise<Result<boolean>> {
  try {
    const { error } = await db
      .from('notification_preferences')
      .upsert({ user_id: userId, reply_emails: on }, { onConflict: 'user_id' });
    return error ? { ok: false, error: errorKey(error) } : { ok: true, value: on };
  } catch (error) {
    return { ok: false, error: errorKey(error) };
  }
}
