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

/** The `/verify` link an e-mail (or an admin's generated link) carries. */
export function verifyUrl(
  context: AuthContext,
  hash: string,
  type: LinkType,
  redirectTo: string,
): string {
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

export interface IssuedToken {
  /** The code the e-mail shows. */
  otp: string;
  /** What the link carries and the database keeps. */
  hash: string;
}

function newToken(context: AuthContext, address: string, pkce: boolean): IssuedToken {
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
 * Makes a token for the user's address and records it where GoTrue keeps it: the user's
 * `<kind>_token` and `<kind>_sent_at` columns (and `invited_at` for an invitation), and
 * auth.one_time_tokens. Sending limits are the caller's: an admin's generated link is not sent.
 */
export async function recordToken(
  tx: Tx,
  context: AuthContext,
  user: UserRow,
  kind: 'confirmation' | 'recovery',
  options: { pkce: boolean; invited?: boolean },
): Promise<IssuedToken> {
  const email = user.email ?? '';
  const token = newToken(context, email, options.pkce);
  const invited = options.invited ? ', invited_at = now()' : '';
  // `kind` is one of two literals, never request input, so it may name the columns.
  await tx.query(
    `update auth.users set ${kind}_token = $2, ${kind}_sent_at = now()${invited} where id = $1`,
    [user.id, token.hash],
  );
  await storeOneTimeToken(tx, user.id, `${kind}_token`, token.hash, email);
  return token;
}

/**
 * Records a pending e-mail change to `newEmail` with the token hash of each side given (an empty hash
 * clears that side); a side not given keeps what it had.
 */
export async function recordEmailChange(
  tx: Tx,
  user: UserRow,
  newEmail: string,
  hashes: { new?: string; current?: string },
): Promise<void> {
  const current = hashes.current !== undefined;
  const next = hashes.new !== undefined;
  await tx.query(
    `update auth.users set email_change = $2,
        email_change_token_new = case when $5 then $3 else email_change_token_new end,
        email_change_token_current = case when $6 then $4 else email_change_token_current end,
        email_change_confirm_status = 0, email_change_sent_at = now() where id = $1`,
    [user.id, newEmail, hashes.new ?? '', hashes.current ?? '', next, current],
  );
  if (next) {
    await storeOneTimeToken(tx, user.id, 'email_change_token_new', hashes.new ?? '', newEmail);
  }
  if (current) {
    const address = user.email ?? '';
    await storeOneTimeToken(
      tx,
      user.id,
      'email_change_token_current',
      hashes.current ?? '',
      address,
    );
  }
}

/** A token for one side of an e-mail change, for `address` (the current or the new one). */
export function emailChangeToken(context: AuthContext, address: string): IssuedToken {
  return newToken(context, address, false);
}

/** The token of a single-link e-mail, once the send frequency and the e-mail budget allow it. */
async function issueToken(
  tx: Tx,
  context: AuthContext,
  user: UserRow,
  kind: 'confirmation' | 'recovery',
  options: SendOptions & { invited?: boolean },
): Promise<IssuedToken> {
  const sentAt = kind === 'confirmation' ? user.confirmation_sent_at : user.recovery_sent_at;
  checkSendFrequency(sentAt, context.config.auth.email.max_frequency);
  context.emailLimiter.take({ to: user.email ?? '', ip: options.clientIp });
  context.codeAttempts.reset(user.id);
  return recordToken(tx, context, user, kind, {
    pkce: options.pkce,
    invited: options.invited ?? false,
  });
}

/** An invitation (POST /invite): the confirmation token, `invited_at`, and the invite template. */
export async function prepareInvite(
  tx: Tx,
  context: AuthContext,
  user: UserRow,
  options: SendOptions,
): Promise<PendingEmail> {
  const token = await issueToken(tx, context, user, 'confirmation', { ...options, invited: true });
  return {
    type: 'invite',
    to: user.email ?? '',
    data: templateData(context, user, { ...token, type: 'invite', redirectTo: options.redirectTo }),
  };
}

/**
 * The code GET /reauthenticate sends (GoTrue sendReauthenticationOtp): kept hashed in
 * `reauthentication_token`, and given back as `nonce` to change the password.
 */
export async function prepareReauthentication(
  tx: Tx,
  context: AuthContext,
  user: UserRow,
  options: SendOptions,
): Promise<PendingEmail> {
  checkSendFrequency(user.reauthentication_sent_at, context.config.auth.email.max_frequency);
  const email = user.email ?? '';
  context.emailLimiter.take({ to: email, ip: options.clientIp });
  const token = newToken(context, email, false);
  await tx.query(
    'update auth.users set reauthentication_token = $2, reauthentication_sent_at = now() where id = $1',
    [user.id, token.hash],
  );
  await storeOneTimeToken(tx, user.id, 'reauthentication_token', token.hash, email);
  return {
    type: 'reauthentication',
    to: email,
    data: templateData(context, user, { ...token, type: 'signup', redirectTo: options.redirectTo }),
  };
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
  await recordEmailChange(tx, user, newEmail, { new: toNew.hash, current: toCurrent.hash });
  const data = (token: IssuedToken, sendingTo: string) => ({
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
