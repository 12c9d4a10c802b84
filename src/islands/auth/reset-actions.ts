// Saving a new password (PRODUCT.md §7 rules checked before sending; the server checks again).
import type { GoTrueClient } from '@supabase/auth-js';
import { errorKey, type ErrorKey } from '../shared/error-keys';
import { newPasswordProblem } from '../shared/validation';

export async function saveNewPassword(
  auth: GoTrueClient,
  password: string,
): Promise<{ ok: true } | { error: ErrorKey }> {
  const problem = newPasswordProblem(password);
  if (problem) return { error: problem };
  try {
    const { error } = await auth.updateUser({ password });
    return error ? { error: errorKey(error) } : { ok: true };
  } catch (thrown) {
    return { error: errorKey(thrown) };
  }
}
