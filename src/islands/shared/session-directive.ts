// `client:session="<storage key>"`: Astro's client directive for islands that only matter to
// members (the header). Astro inlines this function in the page; it is the whole "tiny inline
// check" a reader without a session runs.
//
// - A session is stored (localStorage under supabase-js's key): load and hydrate now.
// - None: load nothing. Pointing at or focusing the island starts the download; a click hydrates
//   it and then replays the click, so the first press on "Sign in" opens the dialog.
// - Another tab signs in (a `storage` event for the key): load and hydrate, to show the avatar.
import type { ClientDirective } from 'astro';

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
      void hydrate().then(() => {
        // React listens at its root once hydrated; a click dispatched now reaches its handler.
        if (target instanceof HTMLElement) target.click();
      });
    },
    { once: true },
  );
  window.addEventListener('storage', (event) => {
    if (event.key === storageKey && event.newValue !== null) void hydrate();
  });
};

export default sessionDirective;
