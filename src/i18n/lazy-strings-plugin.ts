// A Vite plugin for island strings that are needed only after an interaction. The module
// `virtual:island-strings/<list>/<locale>` default-exports `islandStrings(locale, <list's keys>)`,
// resolved at build time like the strings islands get as props. An island imports it together with
// the code that needs it (the sign-in dialog), so the strings travel in a hashed JS chunk loaded
// on interaction instead of in the HTML of every page.
import type { Plugin } from 'vite';
import { dialogKeys } from '../islands/header/strings';
import { islandStrings } from './island-strings';
import { isLocale } from './locales';
import type { UiKey } from './ui-keys';

/** Every key list that may be loaded this way, by the name used in the module id. */
const lists: Record<string, readonly UiKey[]> = { 'sign-in-dialog': dialogKeys };

const prefix = 'virtual:island-strings/';

export function lazyStringsPlugin(): Plugin {
  return {
    name: 'polyglot-press:lazy-island-strings',
    resolveId(id) {
      return id.startsWith(prefix) ? `\0${id}` : undefined;
    },
    load(id) {
      if (!id.startsWith(`\0${prefix}`)) return undefined;
      const [list = '', locale = ''] = id.slice(prefix.length + 1).split('/');
      const keys = lists[list];
      if (keys === undefined || !isLocale(locale)) {
        throw new Error(
          `Unknown island strings "${id.slice(1)}" (lists: ${Object.keys(lists).join(', ')})`,
        );
      }
      return `export default ${JSON.stringify(islandStrings(locale, keys))};`;
    },
  };
}
