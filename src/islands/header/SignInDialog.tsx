// The sign-in dialog: a native modal <dialog> (the browser traps focus, Esc closes it, the rest of
// the page is inert). Its body is the address-first form (SignInForm), with the ways in that need no
// address below it on the first step (OtherWays); a step that must come before the reader counts as
// signed in (the second factor) takes the body's place. Opening it, or reaching the second factor,
// puts the focus in the step's field. The browser's Back returns from a later step to the address
// (use-step-history.ts), as the dialog's own Back does.
import type { GoTrueClient, Session } from '@supabase/auth-js';
import { useCallback, useEffect, useId, useRef } from 'react';
import { useT } from '../shared/strings';
import type * as actions from './auth-actions';
import type { DialogAction, DialogState } from './dialog-state';
import { OtherWays } from './OtherWays';
import { SecondFactorStep } from './SecondFactorStep';
import { SignInForm } from './SignInForm';
import { useStepHistory } from './use-step-history';

interface Props {
  open: boolean;
  auth: GoTrueClient;
  links: actions.Links;
  state: DialogState;
  dispatch: (action: DialogAction) => void;
  onClose: () => void;
  /** A session that still owes its second factor: the dialog asks for it instead of its forms. */
  pendingSession?: Session | null;
}

export function SignInDialog({
  open,
  auth,
  links,
  state,
  dispatch,
  onClose,
  pendingSession = null,
}: Props) {
  const t = useT();
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const element = dialog.current;
    if (element === null) return;
    if (open && !element.open) {
      element.showModal();
      focusField(element);
    }
    if (!open && element.open) element.close();
  }, [open]);

  // After the password or code, an account with a second factor asks for it: focus goes there.
  const pending = pendingSession !== null;
  useEffect(() => {
    if (pending && dialog.current?.open) focusField(dialog.current);
  }, [pending]);

  const backToAddress = useCallback(() => {
    dispatch({ type: 'back' });
  }, [dispatch]);
  useStepHistory(open && state.step !== 'address', backToAddress);

  const way = { auth, links, state, dispatch };
  return (
    <dialog
      ref={dialog}
      className="sign-in-dialog"
      aria-labelledby={`${id}-title`}
      onClose={onClose}
      onCancel={onClose}
    >
      <div className="dialog-head">
        <h2 id={`${id}-title`}>{t('header.signIn')}</h2>
        <button type="button" className="dialog-close" onClick={onClose}>
          {t('auth.dialog.close')}
        </button>
      </div>
      {pendingSession ? (
        <SecondFactorStep auth={auth} session={pendingSession} id={id} />
      ) : (
        <>
          <SignInForm {...way} />
          {/* Mounted with the open dialog's first step, so each way asks the server what it needs
              then, and the passkeys' autofill is withdrawn once the address is given. */}
          {open && state.step === 'address' && <OtherWays {...way} id={id} />}
        </>
      )}
    </dialog>
  );
}

/** The current step's field (marked `data-autofocus`), else its first field. */
function focusField(dialog: HTMLDialogElement) {
  (dialog.querySelector<HTMLElement>('[data-autofocus]') ?? dialog.querySelector('input'))?.focus();
}
