// The browser's Back inside the sign-in dialog: leaving the address step adds one history entry
// (same address, nothing else changes), so Back returns to the address step instead of leaving the
// page with the dialog open on a later step. The entry goes again whenever the later step ends
// otherwise (the dialog's own Back, closing it by button or Escape, signing in), so reading the
// page's history afterwards finds no trace of the dialog.
import { useEffect } from 'react';

/** A marker on the entry, so the page's own state is never mistaken for the dialog's. */
const marker = 'polyglot-press.sign-in-step';

export function useStepHistory(laterStep: boolean, backToAddress: () => void): void {
  useEffect(() => {
    if (!laterStep) return;
    window.history.pushState({ [marker]: true }, '');
    let popped = false;
    const onPop = () => {
      popped = true;
      backToAddress();
    };
    window.addEventListener('popstate', onPop);
    return () => {
      window.removeEventListener('popstate', onPop);
      // Still on the dialog's entry (the step ended another way): it goes, as if never added.
      if (!popped && isMarked(window.history.state)) window.history.back();
    };
  }, [laterStep, backToAddress]);
}

function isMarked(state: unknown): boolean {
  return typeof state === 'object' && state !== null && marker in state;
}
