import type { LocalConfig } from '../config/config.ts';
import type { Keys } from '../config/keys.ts';
import type { Database } from '../db/database.ts';
import type { Log } from '../http/log.ts';
import type { Mailer } from '../mailbox/mailer.ts';
import type { CodeAttempts } from './code-attempts.ts';
import type { EmailLimiter } from './email-limit.ts';
import type { FactorWrongCodes } from './mfa/wrong-codes.ts';
import type { PasswordHasher } from './password-hasher.ts';
import type { RequestLimits } from './rate-limit.ts';
import type { SamlResponseReader } from './sso/response-reader.ts';

/** What every auth handler needs. */
export interface AuthContext {
  db: Database;
  config: LocalConfig;
  keys: Keys;
  /** The project URL (token issuer and e-mail link base). */
  apiUrl: string;
  mailer: Mailer;
  emailLimiter: EmailLimiter;
  /** Per-IP request limits (`[auth.rate_limit]`). */
  limits: RequestLimits;
  /** Wrong e-mail codes per user, to withdraw codes under guessing. */
  codeAttempts: CodeAttempts;
  /** Wrong second-factor codes per factor, across client addresses. */
  factorWrongCodes: FactorWrongCodes;
  /** bcrypt on the thread pool, bounded (429 when too many wait). */
  passwords: PasswordHasher;
  /** Reads the SAML responses posted to the ACS on a thread of their own. */
  samlResponses: SamlResponseReader;
  log: Log;
}
