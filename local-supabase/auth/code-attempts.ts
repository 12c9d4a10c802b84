// A six-digit code has 10⁶ values and lives an hour: at ~300 guesses a second all of them fit. After
// a few wrong codes for one address every code it holds is withdrawn, so guessing needs a new e-mail
// (which the e-mail budget limits) every MAX_WRONG_CODES tries. GoTrue relies on its per-IP limit
// alone; this closes the many-IP case as well.
import type { Tx } from '../db/database.ts';

/** Wrong codes one address may send before its codes stop working. */
export const MAX_WRONG_CODES = 5;

export class CodeAttempts {
  readonly #wrong = new Map<string, number>();

  /** Counts a wrong code for the user; true when its codes must now be withdrawn. */
  fail(userId: string): boolean {
    const count = (this.#wrong.get(userId) ?? 0) + 1;
    if (count < MAX_WRONG_CODES) {
      this.#wrong.set(userId, count);
      return false;
    }
    this.#wrong.delete(userId);
    return true;
  }

  /** A code worked or a new one went out: the count starts again. */
  reset(userId: string): void {
    this.#wrong.delete(userId);
  }
}

/** Clears every e-mail code and link the user holds (the columns and auth.one_time_tokens). */
export async function withdrawCodes(tx: Tx, userId: string): Promise<void> {
  await tx.query(
    `update auth.users set confirmation_token = '', recovery_token = '', email_change_token_new = '',
        email_change_token_current = '' where id = $1`,
    [userId],
  );
  await tx.query('delete from auth.one_time_tokens where user_id = $1', [userId]);
}
