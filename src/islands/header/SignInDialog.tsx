// The sign-in dialog: a native modal <dialog> (the browser traps focus, Esc closes it, the rest of
// the page is inert). Its body is the forms (CredentialsForm) with the other ways in below them
// (OtherWays); a step that must come before the reader counts as signed in takes the body's place.
import type { GoTrueClient, Session } from '@supabase/auth-js';
import { useEffect, useId, useRef } from 'react';
import { useT } from '../shared/strings';
import type * as actions from './auth-actions';
import { CredentialsForm } from './CredentialsForm';
import type { DialogAction, DialogState } from './dialog-state';
import { OtherWays } from './OtherWays';
import { SecondFactorStep } from './SecondFactorStep';

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
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);

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
          <CredentialsForm {...way} />
          {/* Mounted with the open dialog, so each way asks the server what it needs on opening. */}
          {open && <OtherWays {...way} id={id} />}
        </>
      )}
    </dialog>
  );
}
