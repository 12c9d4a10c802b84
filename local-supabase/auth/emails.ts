// The auth e-mails: each stores its token hash on the user (GoTrue's columns and auth.one_time_tokens)
// inside the request's transaction and is delivered to the mailbox after commit.
import type { EmailTemplateType } from '../config/config.ts';
import type { Tx } from '../db/database.ts';
import type { AuthContext } from './context.ts';
import { generateOtp, PKCE_PREFIX, tokenHash } from './crypto.ts';
import { checkSendFrequency } from './email-limit.ts';
import { storeOneTimeToken, type UserRow } from './users.ts';

export interface PendingEmail {
  type: EmailTemplateType;
  to: string;
  data: Record<string, unknown>;
}

export type LinkType = 'signup' | 'magiclink' | 'recovery' | 'email_change' | 'invite';

function verifyUrl(context: AuthContext, hash: string, type: LinkType, redirectTo: string): string {
  const query = new URLSearchParams({ token: hash, type, redirect_to: redirectTo });
  return `${context.apiUrl}/auth/v1/verify?${query.toString()}`;
}

function templateData(
  context: AuthContext,
  user: UserRow,
  fields: { otp: string; hash: string; type: LinkType; redirectTo: string },
): Record<string, unknown> {
  return {
    SiteURL: context.config.auth.site_url,
    ConfirmationURL: verifyUrl(context, fields.hash, fields.type, fields.redirectTo),
    Email: user.email ?? '',
    Token: fields.otp,
    TokenHash: fields.hash,
    Data: user.raw_user_meta_data ?? {},
    RedirectTo: fields.redirectTo,
  };
}

function newToken(context: AuthContext, address: string, pkce: boolean) {
  const otp = generateOtp(context.config.auth.email.otp_length);
  const hash = (pkce ? PKCE_PREFIX : '') + tokenHash(address, otp);
  return { otp, hash };
}

export interface SendOptions {
  redirectTo: string;
  pkce: boolean;
  /** The client IP that asked for the e-mail (per-IP e-mail budget). */
  clientIp: string;
}

/**
 * Issues the token of a single-link e-mail and records it where GoTrue keeps it: the user's
 * `<kind>_token` and `<kind>_sent_at` columns, and auth.one_time_tokens.
 */
async function issueToken(
  tx: Tx,
  context: AuthContext,
  user: UserRow,
  kind: 'confirmation' | 'recovery',
  options: SendOptions,
): Promise<{ otp: string; hash: string }> {
  const sentAt = kind === 'confirmation' ? user.confirmation_sent_at : user.recovery_sent_at;
  checkSendFrequency(sentAt, context.config.auth.email.max_frequency);
  const email = user.email ?? '';
  context.emailLimiter.take({ to: email, ip: options.clientIp });
  context.codeAttempts.reset(user.id);
  const token = newToken(context, email, options.pkce);
  // `kind` is one of two literals, never request input, so it may name the columns.
  await tx.query(
    `update auth.users set ${kind}_token = $2, ${kind}_sent_at = now() where id = $1`,
    [user.id, token.hash],
  );
  await storeOneTimeToken(tx, user.id, `${kind}_token`, token.hash, email);
  return token;
}

/** The sign-up confirmation (also what a new user gets from /otp). */
export async function prepareConfirmation(
  tx: Tx,
  context: AuthContext,
  user: UserRow,
  options: SendOptions,
): Promise<PendingEmail> {
  const token = await issueToken(tx, context, user, 'confirmation', options);
  return {
    type: 'confirmation',
    to: user.email ?? '',
    data: templateData(context, user, { ...token, type: 'signup', redirectTo: options.redirectTo }),
  };
}

/** A magic link or a password recovery: both use the recovery token, as in GoTrue. */
export async function prepareRecovery(
  tx: Tx,
  context: AuthContext,
  user: UserRow,
  kind: 'magiclink' | 'recovery',
  options: SendOptions,
): Promise<PendingEmail> {
  const token = await issueToken(tx, context, user, 'recovery', options);
  return {
    type: kind === 'magiclink' ? 'magic_link' : 'recovery',
    to: user.email ?? '',
    data: templateData(context, user, { ...token, type: kind, redirectTo: options.redirectTo }),
  };
}

/**
 * An e-mail change: a link to the new address, and with double_confirm_changes one to the current
 * address too; the change happens once every link sent has been followed.
 */
export async function prepareEmailChange(
  tx: Tx,
  context: AuthContext,
  user: UserRow,
  newEmail: string,
  options: SendOptions,
): Promise<PendingEmail[]> {
  checkSendFrequency(user.email_change_sent_at, context.config.auth.email.max_frequency);
  const current = user.email ?? '';
  const secure = context.config.auth.email.double_confirm_changes && current !== '';
  context.emailLimiter.take({ to: newEmail, ip: options.clientIp });
  if (secure) context.emailLimiter.take({ to: current, ip: options.clientIp });
  context.codeAttempts.reset(user.id);
  const toNew = newToken(context, newEmail, options.pkce);
  const toCurrent = secure ? newToken(context, current, options.pkce) : { otp: '', hash: '' };
  await tx.query(
    `update auth.users set email_change = $2, email_change_token_new = $3, email_change_token_current = $4,
        email_change_confirm_status = 0, email_change_sent_at = now() where id = $1`,
    [user.id, newEmail, toNew.hash, toCurrent.hash],
  );
  await storeOneTimeToken(tx, user.id, 'email_change_token_new', toNew.hash, newEmail);
  await storeOneTimeToken(tx, user.id, 'email_change_token_current', toCurrent.hash, current);
  const data = (token: { otp: string; hash: string }, sendingTo: string) => ({
    ...templateData(context, user, {
      ...token,
      type: 'email_change',
      redirectTo: options.redirectTo,
    }),
    NewEmail: newEmail,
    SendingTo: sendingTo,
  });
  const emails: PendingEmail[] = [
    { type: 'email_change', to: newEmail, data: data(toNew, newEmail) },
  ];
  if (secure) emails.push({ type: 'email_change', to: current, data: data(toCurrent, current) });
  return emails;
}

export async function deliver(context: AuthContext, emails: PendingEmail[]): Promise<void> {
  for (const email of emails) await context.mailer.send(email);
}
