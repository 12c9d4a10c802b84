// The unsubscribe link's one request: unsubscribe_reply_emails(token), callable without signing in.
// Answers 'done', 'invalid' (no such token) or the key of what went wrong; the function itself
// answers true or null and nothing about the member.
import type { PostgrestClient } from '@supabase/postgrest-js';
import { errorKey, type ErrorKey } from '../shared/error-keys';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function unsubscribe(
  rest: Pick<PostgrestClient, 'rpc'>,
  token: string,
): Promise<'done' | 'invalid' | ErrorKey> {
  if (!UUID.test(token)) return 'invalid';
  try {
    const result = await rest.rpc('unsubscribe_reply_emails', { token });
    if (result.error) return errorKey(result.error);
    return result.data === true ? 'done' : 'invalid';
  } catch (error) {
    return errorKey(error);
  }
}
