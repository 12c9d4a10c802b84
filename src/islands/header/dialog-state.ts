// The sign-in dialog's state: which tab, what was typed (kept across failures and across closing
// and reopening the dialog within the page), whether a request runs, and its outcome.
import type { ErrorKey } from '../shared/error-keys';

export type Tab = 'password' | 'signUp' | 'email' | 'forgot';
export type Field = 'email' | 'password' | 'code';

export interface DialogState {
  tab: Tab;
  values: Record<Field, string>;
  busy: boolean;
  error: ErrorKey | null;
  /** The flow that sent an e-mail, and to which address. */
  sent: { tab: Tab; email: string } | null;
}

export const initialDialogState: DialogState = {
  tab: 'password',
  values: { email: '', password: '', code: '' },
  busy: false,
  error: null,
  sent: null,
};

export type DialogAction =
  | { type: 'tab'; tab: Tab }
  | { type: 'input'; field: Field; value: string }
  | { type: 'submit' }
  | { type: 'failed'; error: ErrorKey }
  | { type: 'sent'; email: string }
  | { type: 'done' };

export function dialogReducer(state: DialogState, action: DialogAction): DialogState {
  switch (action.type) {
    case 'tab':
      // The e-mail address carries over: people switch tabs after typing it.
      return { ...state, tab: action.tab, error: null, sent: null };
    case 'input':
      return { ...state, values: { ...state.values, [action.field]: action.value } };
    case 'submit':
      return { ...state, busy: true, error: null };
    case 'failed':
      // Every value stays, so the person can correct and retry.
      return { ...state, busy: false, error: action.error };
    case 'sent':
      return { ...state, busy: false, sent: { tab: state.tab, email: action.email } };
    case 'done':
      // Signed in: the password and code are no longer needed in memory.
      return {
        ...initialDialogState,
        values: { ...initialDialogState.values, email: state.values.email },
      };
  }
}
