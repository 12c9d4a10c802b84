// The send_email hook (`[auth.hook.send_email]`, GoTrue's hooks/v0): when it is enabled auth sends
// no e-mail itself; the hook receives {user, email_data} (GoTrue's mailer.EmailData) and answers
// `{}` or {error: {http_code, message}}, which fails the request. GoTrue calls it inside the
// request's transaction (internal/api/mail.go `sendEmail`), so a failing hook rolls back what the
// request wrote: the new user, the token, the pending e-mail change.
import type { Tx } from '../../db/database.ts';
import type { AuthContext } from '../context.ts';
import { toUserJson, type UserRow } from '../users.ts';
import { runHook } from './run-hook.ts';

/** GoTrue's mailer.EmailData, field for field. */
export interface EmailData {
  token: string;
  token_hash: string;
  redirect_to: string;
  email_action_type: string;
  site_url: string;
  token_new: string;
  token_hash_new: string;
}

/** What a send_email hook gets for one e-mail (an e-mail change is one call for both addresses). */
export interface SendEmailInput {
  user: UserRow;
  email_data: Omit<EmailData, 'site_url'>;
}

export function sendEmailHookEnabled(context: AuthContext): boolean {
  const hook = context.config.auth.hook.send_email;
  return Boolean(hook?.enabled && hook.uri);
}

/** Calls the hook inside the request's transaction `tx`; its failure is the request's error. */
export async function callSendEmailHook(
  tx: Tx,
  context: AuthContext,
  input: SendEmailInput,
): Promise<void> {
  const hook = context.config.auth.hook.send_email;
  if (!hook) return;
  // GoTrue's site_url here is its external URL (the auth API's), not [auth] site_url.
  const emailData: EmailData = { ...input.email_data, site_url: `${context.apiUrl}/auth/v1` };
  await runHook(context, hook, { user: toUserJson(input.user), email_data: emailData }, tx);
}
