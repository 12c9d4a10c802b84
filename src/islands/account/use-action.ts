// Runs one account action at a time and keeps its state for the form (see action-state.ts).
import { useCallback, useReducer } from 'react';
import type { ErrorKey } from '../shared/error-keys';
import { idle, nextActionState, type ActionState } from './action-state';

export interface Action {
  state: ActionState;
  /** Runs `task`, which answers null on success or the key of what went wrong. */
  run: (task: () => Promise<ErrorKey | null>) => Promise<boolean>;
  fail: (error: ErrorKey) => void;
  edit: () => void;
}

export function useAction(): Action {
  const [state, dispatch] = useReducer(nextActionState, idle);
  const run = useCallback(async (task: () => Promise<ErrorKey | null>) => {
    dispatch({ type: 'start' });
    const error = await task();
    dispatch(error === null ? { type: 'succeed' } : { type: 'fail', error });
    return error === null;
  }, []);
  const fail = useCallback((error: ErrorKey) => {
    dispatch({ type: 'fail', error });
  }, []);
  const edit = useCallback(() => {
    dispatch({ type: 'edit' });
  }, []);
  return { state, run, fail, edit };
}
