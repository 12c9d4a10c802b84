// A sign-in completed on the link and provider return page (/{l}/auth/confirm/) counts as fresh on
// the page it then moves to: the header there applies the member's preferred language at once, as
// after a password sign-in in the dialog. The return page leaves a note in sessionStorage for it.
import type { PostgrestClient } from '@supabase/postgrest-js';
import { announceProfileChange, type Profile } from './profile';

const freshKey = 'polyglot-press.fresh-sign-in';

export function markFreshSignIn(): void {
  try {
    sessionStorage.setItem(freshKey, '1');
  } catch {
    // Storage blocked: the next page offers the member's language instead of switching to it.
  }
}

/** True once after markFreshSignIn (the note is removed as it is read). */
export function takeFreshSignIn(): boolean {
  try {
    const fresh = sessionStorage.getItem(freshKey) !== null;
    sessionStorage.removeItem(freshKey);
    return fresh;
  } catch {
    return false;
  }
}

/**
 * A member who never chose a language (an account just created through an outside service, which
 * sends none) reads in the language of the page they signed up on: it becomes their profile's.
 */
export async function adoptPageLocale(
  rest: PostgrestClient,
  userId: string,
  locale: string,
): Promise<void> {
  const { data } = await rest
    .from('profiles')
    .update({ locale })
    .eq('id', userId)
    .select('id, display_name, avatar_path, role, locale')
    .maybeSingle<Profile>();
  if (data) announceProfileChange(data);
}
