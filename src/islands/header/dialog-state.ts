// The sign-in dialog's state: which step, what was typed (kept across failures, steps, and closing
// and reopening the dialog within the page), whether a request runs, and its outcome.
//
// The dialog asks for the e-mail address first ('address'); the address decides the next step:
// the organisation's identity provider (the page leaves), or 'password' for every other address,
// known or not. From there the reader can ask for an e-mail link and code ('code'), a reset link
// (stays on 'password'), or create an account ('signUp'). 'back' returns to the address.
import type { ErrorKey } from '../shared/error-keys';

export type Step = 'address' | 'password' | 'code' | 'signUp';
export type Field = 'email' | 'password' | 'code';
/** What an e-mail sent from the dialog was: a sign-in link and code, a confirmation, a reset link. */
export type Mail = 'link' | 'signUp' | 'reset';

export interface DialogState {
  step: Step;
  values: Record<Field, string>;
  busy: boolean;
  error: ErrorKey | null;
  /** The last e-mail the dialog had sent, and to which address. */
  sent: { mail: Mail; email: string } | null;
}

export const initialDialogState: DialogState = {
  step: 'address',
  values: { email: '', password: '', code: '' },
  busy: false,
  error: null,
  sent: null,
};

export type DialogAction =
  | { type: 'step'; step: Step }
  | { type: 'back' }
  | { type: 'input'; field: Field; value: string }
  | { type: 'submit' }
  | { type: 'failed'; error: ErrorKey }
  | { type: 'sent'; mail: Mail; email: string }
  | { type: 'done' };

export function dialogReducer(state: DialogState, action: DialogAction): DialogState {
  switch (action.type) {
    case 'step':
      // The address carries over to every step.
      return { ...state, step: action.step, busy: false, error: null, sent: null };
    case 'back':
      // Another address may follow: what was typed for this one goes.
      return {
        ...initialDialogState,
        values: { ...initialDialogState.values, email: state.values.email },
      };
    case 'input':
      return { ...state, values: { ...state.values, [action.field]: action.value } };
    case 'submit':
      return { ...state, busy: true, error: null };
    case 'failed':
      // Every value stays, so the person can correct and retry.
      return { ...state, busy: false, error: action.error };
    case 'sent': {
      // A sign-in e-mail brings its code field; the others are said where they were asked for.
      const step = action.mail === 'link' ? 'code' : state.step;
      return { ...state, step, busy: false, sent: { mail: action.mail, email: action.email } };
    }
    case 'done':
      // Signed in: the password and code are no longer needed in memory.
      return {
        ...initialDialogState,
        values: { ...initialDialogState.values, email: state.values.email },
      };
  }
}
