import type { LocalConfig } from '../config/config.ts';
import type { Keys } from '../config/keys.ts';
import type { Database } from '../db/database.ts';
import type { Log } from '../http/log.ts';
import type { Mailer } from '../mailbox/mailer.ts';
import type { EmailLimiter } from './email-limit.ts';

/** What every auth handler needs. */
export interface AuthContext {
  db: Database;
  config: LocalConfig;
  keys: Keys;
  /** The project URL (token issuer and e-mail link base). */
  apiUrl: string;
  mailer: Mailer;
  emailLimiter: EmailLimiter;
  log: Log;
}
