// What a client loaded on demand resolves to (supabase-js, storage-js: src/islands/shared/client.ts),
// for the islands that draw a loading line until it is there.
import { useEffect, useState } from 'react';

/**
 * `load()`'s value once it has resolved, null until then. With `when` false nothing is loaded
 * (yet): a signed-out visitor never waits for a member's client. A value that arrives after the
 * component is gone, or after `load` or `when` changed, is dropped.
 */
export function useLoaded<T>(load: () => Promise<T>, when = true): T | null {
  const [value, setValue] = useState<T | null>(null);
  useEffect(() => {
    if (!when) return;
    let current = true;
    void load().then((loaded) => {
      if (current) setValue(() => loaded);
    });
    return () => {
      current = false;
    };
  }, [load, when]);
  return value;
}
