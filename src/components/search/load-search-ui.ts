/**
 * The search page paints with a server-rendered search form; Pagefind's component UI (184 kB of
 * script, 42 kB of CSS, 41 and 7 kB gzip) is loaded when the reader reaches for the box (points
 * at it, touches it, focuses it, types), when something is already typed in it or when the
 * address asks for a search (`?q=`). Not before: loaded when the browser was idle after the
 * page, its script and style work added Total Blocking Time to Lighthouse's runs (20–90 ms,
 * bench/README.md), and a reader who does not search downloads nothing. Pagefind's own engine
 * and index load on the first focus anyway, so the first answer waits little longer.
 *
 * Once mounted, Pagefind's input takes the form's place (the same size, so nothing moves) with
 * what was typed, the caret and the focus, and searches it.
 *
 * The UI is the copy Pagefind writes next to its index (`/pagefind/pagefind-component-ui.*`, the
 * same version as the index) rather than one bundled by Vite: this script then imports nothing,
 * Astro inlines it in the page, so nothing but the HTML, the stylesheet and the fonts is
 * fetched before the first paint (a bundled chunk would add this script and Vite's preload
 * helper, two requests in a row).
 *
 * The address follows the search (`?q=`, see followInAddress), so that a reload, a copied link
 * and Back from a result show the same query and results.
 *
 * Without JavaScript the form is hidden by CSS (`scripting: none`) and the page says why. If
 * this script could not run, Enter submits the form as `GET ?q=…`, which the page then searches.
 */
const form = document.querySelector<HTMLFormElement>('[data-search-form]');
const field = form?.querySelector<HTMLInputElement>('input[name="q"]');
const pagefindInput = document.querySelector<HTMLElement>('pagefind-input');
const unavailable = document.querySelector<HTMLElement>('[data-search-unavailable]');
const bundlePath =
  document.querySelector('pagefind-config')?.getAttribute('bundle-path') ?? '/pagefind/';

let loading: Promise<void> | undefined;

/** The part of Pagefind's component UI this script uses: its global, once its script has run. */
interface PagefindComponentsWindow {
  PagefindComponents?: {
    getInstanceManager(): {
      getInstance(name: string): { on(event: 'search', callback: (term: string) => void): void };
    };
  };
}

/**
 * Loads the UI once. A failed load (offline) says so under the box, in the page's language, and
 * is tried again on the reader's next interaction; what they typed stays in the form.
 */
function load(): void {
  loading ??= mount().then(
    () => {
      if (unavailable) unavailable.hidden = true;
    },
    (error: unknown) => {
      loading = undefined;
      if (unavailable) unavailable.hidden = false;
      console.error('Search could not be loaded', error);
    },
  );
}

/**
 * Adds one of Pagefind's files to the page as an element; resolves once it has applied (a
 * script's `load` comes after it ran). An element rather than `import()`: Vite would wrap an
 * import in its preload helper, a module this script would then have to fetch first.
 */
function addToPage(element: HTMLLinkElement | HTMLScriptElement): Promise<void> {
  return new Promise((resolve, reject) => {
    element.addEventListener('load', () => {
      resolve();
    });
    element.addEventListener('error', () => {
      element.remove();
      reject(new Error('Pagefind’s search UI could not be loaded'));
    });
    document.head.append(element);
  });
}

/**
 * Keeps the query Pagefind searches in the address as `?q=` (none for an emptied box), which is
 * what the page searches when it opens. Pagefind's input fires its instance's `search` event once
 * typing pauses (its debounce), and on clearing; `replaceState`, so that searching adds no
 * history entries and Back from a result comes straight here. Pagefind's documented API
 * ("Custom Components": `getInstanceManager()`, `instance.on('search', (term, filters) => …)`).
 */
function followInAddress(): void {
  const components = (window as PagefindComponentsWindow).PagefindComponents;
  components
    ?.getInstanceManager()
    .getInstance('default')
    .on('search', (term) => {
      const url = new URL(location.href);
      if (term.trim() === '') url.searchParams.delete('q');
      else url.searchParams.set('q', term);
      if (url.href !== location.href) history.replaceState(history.state, '', url);
    });
}

async function mount(): Promise<void> {
  const stylesheet = document.createElement('link');
  stylesheet.rel = 'stylesheet';
  stylesheet.href = `${bundlePath}pagefind-component-ui.css`;
  const script = document.createElement('script');
  script.src = `${bundlePath}pagefind-component-ui.js`;
  // The stylesheet is awaited too: Pagefind's elements must never show unstyled.
  await Promise.all([addToPage(stylesheet), addToPage(script)]);
  followInAddress();
  if (!form || !field || !pagefindInput) return;
  // Running the script defined the elements, which rendered Pagefind's input (still hidden). From
  // here on nothing awaits, so no keystroke can land between reading the form and the handover.
  const input = pagefindInput.querySelector('input');
  if (!input) return;
  const { value, selectionStart, selectionEnd, selectionDirection } = field;
  const focused = document.activeElement === field;
  form.hidden = true;
  pagefindInput.hidden = false;
  input.value = value;
  if (focused) {
    input.focus();
    input.setSelectionRange(selectionStart, selectionEnd, selectionDirection ?? undefined);
  }
  // Pagefind searches on `input` (after its debounce) and shows its clear button.
  if (value.trim() !== '') input.dispatchEvent(new Event('input', { bubbles: true }));
}

if (form && field) {
  const query = new URLSearchParams(location.search).get('q') ?? '';
  // A value already there was typed before this script ran (or restored by the browser): keep it.
  if (field.value === '' && query.trim() !== '') field.value = query;
  for (const type of ['pointerover', 'pointerdown', 'focusin', 'input'] as const) {
    // Not `once`: after a failed load the next interaction tries again (load() runs mount once).
    form.addEventListener(type, load);
  }
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    load();
  });
  if (field.value.trim() !== '' || document.activeElement === field) load();
}
