// Opens the header's sign-in dialog from another island (one dialog per page). The header island
// marks its button with `data-sign-in`; before it is hydrated, client:session loads it on this
// click and replays it.

/** Clicks the header's "Sign in" button; does nothing on a page without one. */
export function openHeaderSignIn(): void {
  document.querySelector<HTMLButtonElement>('[data-sign-in]')?.click();
}
