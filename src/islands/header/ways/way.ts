// What every other way into the account (below the dialog's forms) receives: the auth client, the
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

/** Where an outside sign-in returns: /{l}/auth/confirm/ exchanges the code, then this page again. */
export function returnUrl(links: Links): string {
  return `${links.confirmUrl}?next=${encodeURIComponent(window.location.pathname)}`;
}
