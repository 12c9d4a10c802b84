// Whether the reader is offline, for the comments' plain "needs a connection" line: the browser
// says so, or the page is a copy the service worker kept (its note is shown: the site could not
// be reached). The live connection coming back, or the browser's `online`, ends it.
import { useEffect, useState } from 'react';

function offlineAtLoad(): boolean {
  return !navigator.onLine || document.querySelector('[data-offline-note]:not([hidden])') !== null;
}

export function useOffline(live: boolean): boolean {
  const [offline, setOffline] = useState(offlineAtLoad);
  // The live connection starts as "live" before it tried: only its coming back counts.
  const [wasDown, setWasDown] = useState(false);
  useEffect(() => {
    if (!live) setWasDown(true);
    else if (wasDown && navigator.onLine) setOffline(false);
  }, [live, wasDown]);
  useEffect(() => {
    const goOffline = () => {
      setOffline(true);
    };
    const goOnline = () => {
      setOffline(false);
    };
    window.addEventListener('offline', goOffline);
    window.addEventListener('online', goOnline);
    return () => {
      window.removeEventListener('offline', goOffline);
      window.removeEventListener('online', goOnline);
    };
  }, []);
  return offline;
}
