// The strings an island received as a prop (src/i18n/island-strings.ts), for its components.
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import type { IslandStrings } from '../../i18n/island-strings';
import type { UiKey } from '../../i18n/ui-keys';

export type Translate<K extends UiKey = UiKey> = (
  key: K,
  values?: Record<string, string | number>,
) => string;

/**
 * Fills `{{name}}` (and `{{name, format}}`) with values; a key the island did not receive is a
 * programming error, so it shows as the key itself rather than as someone else's text.
 *
 * @example translator({ 'a.b': 'Hi {{name}}' })('a.b', { name: 'Ana' }) // 'Hi Ana'
 */
export function translator<K extends UiKey>(strings: IslandStrings<K>): Translate<K> {
  return (key, values = {}) =>
    // A key the island did not list shows as itself (a bug to see), never as undefined.
    ((strings as Partial<IslandStrings<K>>)[key] ?? key).replace(
      /\{\{\s*(\w+)[^}]*\}\}/g,
      (_, name: string) => String(values[name] ?? ''),
    );
}

const StringsContext = createContext<Translate | null>(null);

export function StringsProvider({
  strings,
  children,
}: {
  /** Any island's strings (each island's own key list narrows what it can ask for). */
  strings: Partial<IslandStrings>;
  children: ReactNode;
}) {
  const t = useMemo(() => translator(strings as IslandStrings), [strings]);
  return <StringsContext value={t}>{children}</StringsContext>;
}

/** The island's translate function; only inside a StringsProvider. */
export function useT(): Translate {
  const t = useContext(StringsContext);
  if (t === null) throw new Error('useT() must be used inside <StringsProvider>');
  return t;
}
