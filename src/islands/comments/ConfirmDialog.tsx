// A question before a step that cannot be undone (deleting one's comment), instead of
// `window.confirm`, which cannot be translated around, styled or read in the page's direction. A
// native modal <dialog>: the rest of the page is inert while it is open and Escape cancels (the
// browser's `cancel` event). Tab and Shift+Tab also wrap between its buttons, so focus stays in the
// dialog wherever the browser would otherwise let it leave. The safe answer has focus first; on
// closing, focus returns to whatever opened the dialog.
import { useEffect, useId, useRef, type KeyboardEvent } from 'react';

interface Props {
  /** The question, which also names the dialog. */
  message: string;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
}

export function ConfirmDialog({ message, confirmLabel, cancelLabel, onConfirm, onCancel }: Props) {
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const element = dialog.current;
    if (element === null) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    // jsdom has no showModal; there the dialog is simply open (and the key handling below traps).
    if (typeof element.showModal === 'function') element.showModal();
    else element.setAttribute('open', '');
    cancel.current?.focus();
    return () => {
      if (element.open && typeof element.close === 'function') element.close();
      opener?.focus();
    };
  }, []);

  function onKeyDown(event: KeyboardEvent<HTMLDialogElement>) {
    if (event.key === 'Escape') {
      event.preventDefault();
      onCancel();
      return;
    }
    if (event.key !== 'Tab') return;
    const buttons = [...event.currentTarget.querySelectorAll('button')];
    const first = buttons[0];
    const last = buttons[buttons.length - 1];
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last?.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first?.focus();
    }
  }

  return (
    <dialog
      ref={dialog}
      className="confirm-dialog"
      role="alertdialog"
      aria-modal="true"
      aria-labelledby={`${id}-message`}
      onKeyDown={onKeyDown}
      onCancel={(event) => {
        // The browser's Escape: close through React's state, not behind its back.
        event.preventDefault();
        onCancel();
      }}
    >
      <p id={`${id}-message`}>{message}</p>
      <div className="form-actions">
        <button type="button" className="secondary" ref={cancel} onClick={onCancel}>
          {cancelLabel}
        </button>
        <button type="button" onClick={onConfirm}>
          {confirmLabel}
        </button>
      </div>
    </dialog>
  );
}
