// The state of one action on the account page (save a name, upload, change the password, …): what
// its form shows. A failure keeps its error key until the next attempt; the form's values live
// elsewhere, so nothing typed is lost to an error.
import type { ErrorKey } from '../shared/error-keys';

export type ActionState =
  | { status: 'idle' }
  | { status: 'busy' }
  | { status: 'done' }
  | { status: 'failed'; error: ErrorKey };

export type ActionEvent =
  | { type: 'start' }
  | { type: 'succeed' }
  | { type: 'fail'; error: ErrorKey }
  /** The person changed the form again: an old result no longer describes it. */
  | { type: 'edit' };

export const idle: ActionState = { status: 'idle' };

/**
 * @example nextActionState({ status: 'busy' }, { type: 'fail', error: 'errors.offline' })
 * // { status: 'failed', error: 'errors.offline' }
 */
export function nextActionState(state: ActionState, event: ActionEvent): ActionState {
  switch (event.type) {
    case 'start':
      // A second press while the first request runs starts nothing.
      return { status: 'busy' };
    case 'succeed':
      return state.status === 'busy' ? { status: 'done' } : state;
    case 'fail':
      return { status: 'failed', error: event.error };
    case 'edit':
      return state.status === 'done' ? idle : state;
  }
}
