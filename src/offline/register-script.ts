/**
 * The inline script that registers the service worker (`/sw.js`, src/offline/service-worker.ts)
 * once the page has loaded, so the worker and what it precaches never compete with the first
 * visit. 111 bytes; `npm run bench:weight` reports them. Plain ES5 like the page's other
 * inline script; a browser without service workers just reads online.
 */
export function registerWorkerScript(): string {
  return "if('serviceWorker'in navigator)addEventListener('load',function(){navigator.serviceWorker.register('/sw.js')});";
}
