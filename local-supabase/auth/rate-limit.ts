// GoTrue's per-IP request limits (internal/api/options.go): token buckets filled at `[auth.rate_limit]`'s
// rate per five minutes (anonymous sign-ins: per hour), holding at most 30 requests (anonymous: the
// hourly number). MFA challenges and verifications each have their own bucket, filled at GoTrue's
// MFA_RATE_LIMIT_CHALLENGE_AND_VERIFY per minute (15; config.toml has no key for it), also holding 30.
// A request past the limit answers 429 over_request_rate_limit, as GoTrue's limitHandler does. The
// client is the rate-limit header's value or the socket's peer (`identifyClients`).
import type { Context, MiddlewareHandler } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { LocalConfig } from '../config/config.ts';
import type { AppEnv } from '../http/service.ts';
import { authError } from './errors.ts';

const MINUTE = 60;
const FIVE_MINUTES = 300;
const HOUR = 3600;
/** GoTrue's burst for the five-minute limiters, whatever the configured rate. */
const BURST = 30;
/** Buckets untouched this long are full again and can be forgotten. */
const IDLE_MS = HOUR * 1000;

export class TokenBucket {
  readonly #perSecond: number;
  readonly #capacity: number;
  readonly #buckets = new Map<string, { tokens: number; at: number }>();

  constructor(perSecond: number, capacity: number) {
    this.#perSecond = perSecond;
    this.#capacity = capacity;
  }

  /** Takes one request for `key`; false when its bucket is empty. */
  take(key: string, now = Date.now()): boolean {
    const bucket = this.#buckets.get(key) ?? { tokens: this.#capacity, at: now };
    const refilled = Math.min(
      this.#capacity,
      bucket.tokens + ((now - bucket.at) / 1000) * this.#perSecond,
    );
    const allowed = refilled >= 1;
    this.#buckets.set(key, { tokens: allowed ? refilled - 1 : refilled, at: now });
    if (this.#buckets.size > 10_000) this.#forgetIdle(now);
    return allowed;
  }

  #forgetIdle(now: number): void {
    for (const [key, bucket] of this.#buckets) {
      if (now - bucket.at > IDLE_MS) this.#buckets.delete(key);
    }
  }
}

export interface RequestLimits {
  /** /token, every grant (`token_refresh`). */
  token: TokenBucket;
  /** GET and POST /verify (`token_verifications`). */
  verify: TokenBucket;
  /** /signup, /otp, /recover, /resend and PUT /user (`sign_in_sign_ups`, GoTrue's RateLimitOtp). */
  signInSignUp: TokenBucket;
  /** Anonymous sign-ups (`anonymous_users` per hour). */
  anonymous: TokenBucket;
  /** POST /factors/{id}/challenge (GoTrue's MFAChallenge limiter). */
  mfaChallenge: TokenBucket;
  /** POST /factors/{id}/verify (GoTrue's MFAVerify limiter, a bucket of its own). */
  mfaVerify: TokenBucket;
}

export function createRequestLimits(config: LocalConfig): RequestLimits {
  const limits = config.auth.rate_limit;
  return {
    token: new TokenBucket(limits.token_refresh / FIVE_MINUTES, BURST),
    verify: new TokenBucket(limits.token_verifications / FIVE_MINUTES, BURST),
    signInSignUp: new TokenBucket(limits.sign_in_sign_ups / FIVE_MINUTES, BURST),
    anonymous: new TokenBucket(limits.anonymous_users / HOUR, limits.anonymous_users),
    mfaChallenge: new TokenBucket(config.local.mfaRateLimitPerMinute / MINUTE, BURST),
    mfaVerify: new TokenBucket(config.local.mfaRateLimitPerMinute / MINUTE, BURST),
  };
}

/** Each request's client, as `identifyClients` found it. */
const clientKeys = new WeakMap<Request, string>();

function socketAddress(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    // app.request() in-process has no socket.
    return 'unknown';
  }
}

/**
 * Who a request counts against, found once per request: the value of the header named by
 * SUPABASE_LOCAL_RATE_LIMIT_HEADER (GoTrue's GOTRUE_RATE_LIMIT_HEADER), which the gateway in front of
 * a deployment sets to the client's address, else the socket's peer. GoTrue limits nothing without
 * that header; here the peer keeps the limits on behind no gateway. Every per-client limit (requests,
 * e-mails, MFA) and the MFA challenge's address read it through `clientIp`.
 */
export function identifyClients(header: string | null): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const named = header ? c.req.header(header)?.trim() : undefined;
    clientKeys.set(c.req.raw, named || socketAddress(c));
    await next();
  };
}

/** The client a request counts against (see `identifyClients`). */
export function clientIp(c: Context): string {
  return clientKeys.get(c.req.raw) ?? socketAddress(c);
}

export function overRequestRateLimit() {
  return authError(429, 'over_request_rate_limit', 'Request rate limit reached');
}

/** Throws 429 over_request_rate_limit when the caller's bucket is empty. */
export function checkRateLimit(c: Context, bucket: TokenBucket): void {
  if (!bucket.take(clientIp(c))) throw overRequestRateLimit();
}

export function limitRequests(bucket: TokenBucket): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    checkRateLimit(c, bucket);
    await next();
  };
}
