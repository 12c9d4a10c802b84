// `client:session="<storage key>"`: Astro's client directive for islands that only matter to
// members (the header). Astro inlines this function in the page; it is the whole "tiny inline
// check" a reader without a session runs.
//
// - A session is stored (localStorage under supabase-js's key): load and hydrate now.
// - None: load nothing. Pointing at or focusing the island starts the download; a click hydrates
//   it and then replays the click, so the first press on "Sign in" opens the dialog. Astro's React
//   renderer hydrates in a transition, which commits after `run()` has returned: a click replayed at
//   once could reach the button before React handles it, and the press was lost (about one first
//   press in four by keyboard, in the browser tests). The island announces its first commit with
//   HYDRATED_EVENT, and the click is replayed then.
// - Another tab signs in (a `storage` event for the key): load and hydrate, to show the avatar.
// - A press on the header's "Sign in" anywhere on the page (it is marked `data-sign-in`): load and
//   hydrate, as a sign-in may follow. The account page's island is hydrated this way, so that it
//   draws the member's sections once the dialog has signed them in.
import type { ClientDirective } from 'astro';

/** Dispatched (bubbling) from inside a `client:session` island by its first commit's effect. */
export const HYDRATED_EVENT = 'session-island-hydrated';

const sessionDirective: ClientDirective = (load, options, el) => {
  const storageKey = options.value;
  let loading: ReturnType<typeof load> | undefined;
  let hydrated: Promise<void> | undefined;
  const preload = () => (loading ??= load());
  const hydrate = () =>
    (hydrated ??= preload().then(async (run) => {
      await run();
    }));

  let stored = false;
  try {
    stored = localStorage.getItem(storageKey) !== null;
  } catch {
    // Storage blocked (privacy settings): behave as signed out; the click path still works.
  }
  if (stored) {
    void hydrate();
    return;
  }
  el.addEventListener('pointerover', () => void preload(), { once: true });
  el.addEventListener('focusin', () => void preload(), { once: true });
  el.addEventListener(
    'click',
    (event) => {
      const target = event.target;
      const committed = new Promise<void>((resolve) => {
        el.addEventListener(
          HYDRATED_EVENT,
          () => {
            resolve();
          },
          { once: true },
        );
      });
      void hydrate()
        .then(() => committed)
        .then(() => {
          // The island's handlers are attached now: the replayed click reaches them.
          if (target instanceof HTMLElement) target.click();
        });
    },
    { once: true },
  );
  document.addEventListener('click', (event) => {
    if (event.target instanceof Element && event.target.closest('[data-sign-in]')) void hydrate();
  });
  window.addEventListener('storage', (event) => {
    if (event.key === storageKey && event.newValue !== null) void hydrate();
  });
};

export default sessionDirective;
