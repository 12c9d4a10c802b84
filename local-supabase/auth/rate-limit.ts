// GoTrue's per-IP request limits (internal/api/options.go): token buckets filled at `[auth.rate_limit]`'s
// rate per five minutes (anonymous sign-ins: per hour), holding at most 30 requests (anonymous: the
// hourly number). MFA challenges and verifications each have their own bucket, filled at GoTrue's
// MFA_RATE_LIMIT_CHALLENGE_AND_VERIFY per minute (15; config.toml has no key for it), also holding 30.
// A request past the limit answers 429 over_request_rate_limit, as GoTrue's limitHandler does.
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

/**
 * The address the request came from: the socket's peer. Forwarded headers are not trusted, since
 * nothing in front of this server sets them and anyone could send them to get a fresh bucket.
 */
export function clientIp(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    // app.request() in-process has no socket.
    return 'unknown';
  }
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
