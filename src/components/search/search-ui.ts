// Pagefind's component UI, imported by load-search-ui.ts once the page has painted. Its
// stylesheet is not imported here: Astro would add any CSS a page's script reaches, even through
// a dynamic import, to the page's render-blocking stylesheets.
import '@pagefind/component-ui';
