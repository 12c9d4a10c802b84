// The e-mail link page's state: reading the link, waiting for the person's press, completing it,
// and, when it cannot be used, the form that sends a new one (what was typed stays on errors).
import type { ErrorKey } from '../shared/error-keys';
import type { LinkRequest } from './link-params';

export type ConfirmPhase =
  /** Before the page's script read the address (and during the server render). */
  | 'loading'
  /** A link from an e-mail, waiting for the button. */
  | 'ready'
  | 'working'
  | 'signedIn'
  | 'halfway'
  /** The link could not be used (expired, used, wrong browser…), or there was none. */
  | 'failed';

export interface ConfirmState {
  phase: ConfirmPhase;
  request: LinkRequest;
  error: ErrorKey | null;
  /** The resend form: the address typed, whether it is sending, its error and its success. */
  email: string;
  resendBusy: boolean;
  resendError: ErrorKey | null;
  resentTo: string | null;
}

export const initialConfirmState: ConfirmState = {
  phase: 'loading',
  request: { kind: 'none' },
  error: null,
  email: '',
  resendBusy: false,
  resendError: null,
  resentTo: null,
};

export type ConfirmAction =
  | { type: 'read'; request: LinkRequest }
  | { type: 'start' }
  | { type: 'completed'; outcome: 'signedIn' | 'halfway' }
  | { type: 'failed'; error: ErrorKey }
  | { type: 'input'; email: string }
  | { type: 'resend' }
  | { type: 'resendFailed'; error: ErrorKey }
  | { type: 'resent'; email: string };

export function confirmReducer(state: ConfirmState, action: ConfirmAction): ConfirmState {
  switch (action.type) {
    case 'read': {
      const { request } = action;
      if (request.kind === 'token') return { ...state, request, phase: 'ready' };
      if (request.kind === 'code') return { ...state, request, phase: 'working' };
      if (request.kind === 'error') {
        return { ...state, request, phase: 'failed', error: request.error };
      }
      return { ...state, request, phase: 'failed', error: null };
    }
    case 'start':
      return { ...state, phase: 'working', error: null };
    case 'completed':
      return { ...state, phase: action.outcome };
    case 'failed':
      return { ...state, phase: 'failed', error: action.error };
    case 'input':
      return { ...state, email: action.email };
    case 'resend':
      return { ...state, resendBusy: true, resendError: null, resentTo: null };
    case 'resendFailed':
      // The address stays in the field, so the person can correct it and send again.
      return { ...state, resendBusy: false, resendError: action.error };
    case 'resent':
      return { ...state, resendBusy: false, resentTo: action.email };
  }
}
