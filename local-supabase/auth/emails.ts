// The auth e-mails: each stores its token hash on the user (GoTrue's columns and auth.one_time_tokens)
// inside the request's transaction. With `[auth.hook.send_email]` on, the hook is called there too,
// as GoTrue does, so that its failure rolls the request back; otherwise the mail is delivered to the
// mailbox after commit (a mail for work that was rolled back is never sent).
import type { EmailTemplateType } from '../config/config.ts';
import type { Tx } from '../db/database.ts';
import type { AuthContext } from './context.ts';
import { generateOtp, PKCE_PREFIX, tokenHash } from './crypto.ts';
import { checkSendFrequency } from './email-limit.ts';
import {
  callSendEmailHook,
  sendEmailHookEnabled,
  type SendEmailInput,
} from './hooks/send-email.ts';
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

/** The token columns of auth.users an e-mail with one code or link keeps its token in. */
export type TokenKind = 'confirmation' | 'recovery' | 'reauthentication';

/**
 * Makes a token for the user's address and records it where GoTrue keeps it: the user's
 * `<kind>_token` and `<kind>_sent_at` columns (and `invited_at` for an invitation), and
 * auth.one_time_tokens. Sending limits are the caller's: an admin's generated link is not sent.
 */
export async function recordToken(
  tx: Tx,
  context: AuthContext,
  user: UserRow,
  kind: TokenKind,
  options: { pkce: boolean; invited?: boolean },
): Promise<IssuedToken> {
  const email = user.email ?? '';
  const token = newToken(context, email, options.pkce);
  const invited = options.invited ? ', invited_at = now()' : '';
  // `kind` is one of three literals, never request input, so it may name the columns.
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

/** How each e-mail with one code or link is made: its token's columns and its link's type. */
interface SingleTokenEmail {
  token: TokenKind;
  link: LinkType;
  invited?: boolean;
  /**
   * A new code or link makes the address's earlier wrong codes forgotten (`/verify` withdraws
   * codes after five); the reauthentication code is not checked there, so it leaves them.
   */
  resetsAttempts: boolean;
}

const SINGLE_TOKEN_EMAILS = {
  /** The sign-up confirmation (also what a new user gets from /otp). */
  confirmation: { token: 'confirmation', link: 'signup', resetsAttempts: true },
  /** An invitation (POST /invite): the confirmation token and `invited_at`. */
  invite: { token: 'confirmation', link: 'invite', invited: true, resetsAttempts: true },
  /** A magic link and a password recovery both use the recovery token, as in GoTrue. */
  magic_link: { token: 'recovery', link: 'magiclink', resetsAttempts: true },
  recovery: { token: 'recovery', link: 'recovery', resetsAttempts: true },
  /**
   * The code GET /reauthenticate sends (GoTrue sendReauthenticationOtp): kept hashed in
   * `reauthentication_token`, and given back as `nonce` to change the password.
   */
  reauthentication: { token: 'reauthentication', link: 'signup', resetsAttempts: false },
} as const satisfies Partial<Record<EmailTemplateType, SingleTokenEmail>>;

/** GoTrue's `email_action_type` for each e-mail, as the send_email hook gets it. */
const ACTION_TYPES = {
  confirmation: 'signup',
  invite: 'invite',
  magic_link: 'magiclink',
  recovery: 'recovery',
  reauthentication: 'reauthentication',
} as const;

export type SingleTokenEmailType = keyof typeof SINGLE_TOKEN_EMAILS;

const SENT_AT = {
  confirmation: (user) => user.confirmation_sent_at,
  recovery: (user) => user.recovery_sent_at,
  reauthentication: (user) => user.reauthentication_sent_at,
} satisfies Record<TokenKind, (user: UserRow) => Date | null>;

/**
 * An e-mail with one code or link, once the send frequency and the e-mail budget allow it: its
 * token is recorded on the user (in the request's transaction), the send_email hook (when on) is
 * called there, and the mail is returned to be delivered after commit.
 */
export async function prepareEmail(
  tx: Tx,
  context: AuthContext,
  user: UserRow,
  type: SingleTokenEmailType,
  options: SendOptions,
): Promise<PendingEmail> {
  const email: SingleTokenEmail = SINGLE_TOKEN_EMAILS[type];
  checkSendFrequency(SENT_AT[email.token](user), context.config.auth.email.max_frequency);
  const to = user.email ?? '';
  context.emailLimiter.take({ to, ip: options.clientIp });
  if (email.resetsAttempts) context.codeAttempts.reset(user.id);
  const token = await recordToken(tx, context, user, email.token, {
    pkce: options.pkce,
    invited: email.invited ?? false,
  });
  await callHookInTransaction(tx, context, {
    user,
    email_data: {
      token: token.otp,
      token_hash: token.hash,
      redirect_to: options.redirectTo,
      email_action_type: ACTION_TYPES[type],
      token_new: '',
      token_hash_new: '',
    },
  });
  return {
    type,
    to,
    data: templateData(context, user, {
      ...token,
      type: email.link,
      redirectTo: options.redirectTo,
    }),
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
  // One hook call for both sides, with GoTrue's pairing (kept there for existing hooks): `token` is
  // the current address's code, `token_hash` the new address's link, `token_new` and
  // `token_hash_new` the other two; with one side only, `token` is the new address's code.
  await callHookInTransaction(tx, context, {
    user: { ...user, email_change: newEmail },
    email_data: {
      token: secure ? toCurrent.otp : toNew.otp,
      token_hash: toNew.hash,
      redirect_to: options.redirectTo,
      email_action_type: 'email_change',
      token_new: secure ? toNew.otp : '',
      token_hash_new: toCurrent.hash,
    },
  });
  const emails: PendingEmail[] = [
    { type: 'email_change', to: newEmail, data: data(toNew, newEmail) },
  ];
  if (secure) emails.push({ type: 'email_change', to: current, data: data(toCurrent, current) });
  return emails;
}

/**
 * With `[auth.hook.send_email]` on, hands the e-mail to the hook inside the request's transaction
 * (GoTrue's `sendEmail` gets the transaction): a hook that fails or answers an error fails the
 * request, and the user, token or pending change it wrote is rolled back with it.
 */
async function callHookInTransaction(tx: Tx, context: AuthContext, input: SendEmailInput) {
  if (sendEmailHookEnabled(context)) await callSendEmailHook(tx, context, input);
}

/** Sends the e-mails to the mailbox after commit; with the send_email hook on they went to it. */
export async function deliver(context: AuthContext, emails: PendingEmail[]): Promise<void> {
  if (sendEmailHookEnabled(context)) return;
  for (const email of emails) await context.mailer.send(email);
}
