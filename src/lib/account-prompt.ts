/**
 * The account page's inline script, run as the page is parsed, right after the page's own
 * signed-out prompt (src/pages/[locale]/account.astro). A visitor with no stored session sees that
 * prompt at first paint, and the account island's code loads only when they press "Sign in"
 * (`client:session` hydrates it then, and when a session appears): nothing to download, parse or
 * run before they ask. A stored session leaves the island to draw the page, as before.
 *
 * - No session under `storageKey`: the prompt's container is marked `no-session`; global.css shows
 *   the prompt instead of the island's "Loading…" until the island is hydrated (Astro removes its
 *   `ssr` attribute then, and the island draws its own prompt or the member's sections).
 * - Once the island is hydrated (Astro's `astro:hydrate` event) the page's prompt is removed, so the
 *   page holds one prompt, the island's.
 * - The prompt's button presses the header's "Sign in" (one dialog per page), which loads the
 *   header island and opens the dialog; the press hydrates the account island too
 *   (src/islands/shared/session-directive.ts).
 *
 * Plain ES5 like the other inline scripts; `localStorage` may throw (privacy modes): then the
 * visitor counts as signed out, as the header's check does.
 */
export function accountPromptScript(storageKey: string): string {
  const key = JSON.stringify(storageKey);
  return `(function(){var p=document.currentScript.previousElementSibling,s=null;try{s=localStorage.getItem(${key})}catch(e){}if(s===null)p.classList.add('no-session');p.querySelector('astro-island').addEventListener('astro:hydrate',function(){var f=p.querySelector('.account-first-prompt');if(f)f.remove()});p.addEventListener('click',function(e){var b=e.target&&e.target.closest?e.target.closest('[data-account-sign-in]'):null,h=document.querySelector('[data-sign-in]');if(b&&h)h.click()})})();`;
}
