// The browser's Back inside the sign-in dialog: leaving the address step adds one history entry
// (same address, nothing else changes), so Back returns to the address step instead of leaving the
// page with the dialog open on a later step. The entry goes again when the later step ends by the
// dialog's own Back or by closing the dialog (button or Escape), so the page's history keeps no
// trace of it. Signing in unmounts the dialog and leaves the entry: the page may be moving on at
// that moment (the e-mail link page goes to where the reader started, a member's language to its
// page), and a Back of our own would race that navigation and could cancel it.
import { useEffect, useLayoutEffect, useRef } from 'react';

/** A marker on the entry, so the page's own state is never mistaken for the dialog's. */
const marker = 'polyglot-press.sign-in-step';

export function useStepHistory(laterStep: boolean, backToAddress: () => void): void {
  // Layout effects are torn down before passive ones: set when the dialog unmounts, before the
  // entry's cleanup below runs.
  const unmounting = useRef(false);
  useLayoutEffect(() => {
    unmounting.current = false;
    return () => {
      unmounting.current = true;
    };
  }, []);

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
      if (!popped && !unmounting.current && isMarked(window.history.state)) window.history.back();
    };
  }, [laterStep, backToAddress]);
}

function isMarked(state: unknown): boolean {
  return typeof state === 'object' && state !== null && marker in state;
}
