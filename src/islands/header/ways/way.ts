// What every other way into the account (below the dialog's address) receives: the auth client, the
// page's links, and the dialog's state and dispatch, so its requests show as busy and its errors
// appear in the dialog's one alert, and what the reader typed stays.
import type { GoTrueClient } from '@supabase/auth-js';
import type { Links } from '../auth-actions';
import type { DialogAction, DialogState } from '../dialog-state';

export interface WayProps {
  auth: GoTrueClient;
  links: Links;
  state: DialogState;
  dispatch: (action: DialogAction) => void;
  /** Prefix for element ids, unique to this dialog. */
  id: string;
}

/**
 * Where an outside sign-in returns: /{l}/auth/confirm/ exchanges the code, then this page again.
 * Signing in again on that page itself (after a refused sign-in) returns without `next`, so the
 * page moves on to the home page rather than back to itself.
 */
export function returnUrl(links: Links): string {
  const here = window.location.pathname;
  if (here === new URL(links.confirmUrl).pathname) return links.confirmUrl;
  return `${links.confirmUrl}?next=${encodeURIComponent(here)}`;
}
