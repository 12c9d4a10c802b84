/**
 * The search page paints with a server-rendered search form; Pagefind's component UI (about
 * 156 kB of script and 33 kB of CSS) is imported after the page has loaded and the browser is
 * idle, or at once when the reader reaches for the box, when something is already typed in it
 * or when the address asks for a search (`?q=`). Once mounted, Pagefind's input takes the form's
 * place (the same size, so nothing moves) with what was typed, the caret and the focus, and
 * searches it.
 *
 * Without JavaScript the form is hidden by CSS (`scripting: none`) and the page says why.
 * With JavaScript but before this script has run, Enter submits the form as `GET ?q=…`, and
 * the reloaded page searches the query.
 */
import stylesheetUrl from '@pagefind/component-ui/css?url';

const form = document.querySelector<HTMLFormElement>('[data-search-form]');
const field = form?.querySelector<HTMLInputElement>('input[name="q"]');
const pagefindInput = document.querySelector<HTMLElement>('pagefind-input');

let loading: Promise<void> | undefined;

/** Imports the UI once; a failed import (offline) is tried again on the next interaction. */
function load(): void {
  loading ??= mount().catch((error: unknown) => {
    loading = undefined;
    console.error('Search could not be loaded', error);
  });
}

/** Adds Pagefind's stylesheet to the page; resolves once it applies. */
function loadStylesheet(): Promise<void> {
  return new Promise((resolve, reject) => {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = stylesheetUrl;
    link.addEventListener('load', () => {
      resolve();
    });
    link.addEventListener('error', () => {
      link.remove();
      reject(new Error(`Could not load ${stylesheetUrl}`));
    });
    document.head.append(link);
  });
}

async function mount(): Promise<void> {
  // The stylesheet first: Pagefind's elements must never show unstyled.
  await Promise.all([loadStylesheet(), import('./search-ui.ts')]);
  if (!form || !field || !pagefindInput) return;
  // Defining the elements rendered Pagefind's input synchronously. From here on nothing awaits,
  // so no keystroke can land between reading the form and handing over to Pagefind's input.
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

function loadWhenIdle(): void {
  if ('requestIdleCallback' in window) requestIdleCallback(load, { timeout: 3000 });
  else setTimeout(load, 200);
}

if (form && field) {
  const query = new URLSearchParams(location.search).get('q') ?? '';
  // A value already there was typed before this script ran (or restored by the browser): keep it.
  if (field.value === '' && query.trim() !== '') field.value = query;
  for (const type of ['focusin', 'pointerdown', 'input'] as const) {
    form.addEventListener(type, load, { once: true });
  }
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    load();
  });
  if (field.value.trim() !== '' || document.activeElement === field) load();
  else if (document.readyState === 'complete') loadWhenIdle();
  else window.addEventListener('load', loadWhenIdle, { once: true });
}
