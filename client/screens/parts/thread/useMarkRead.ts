import { useEffect, useRef } from 'react';
import { clientForPath } from '../../../api/clients';

/**
 * POSTs `path` (no body) once per newest message shown — `newest` names it — while the page is
 * visible, so a thread left open in a background tab is not marked read by nobody; then `onMarked`.
 * A failed call is tried again with the next message or the next time the tab shows.
 */
export function useMarkRead(path: string | null, newest: string | null, onMarked: () => void): void {
  const marked = useRef<string | null>(null);
  const done = useRef(onMarked);
  done.current = onMarked;
  useEffect(() => {
    if (!path || !newest) return;
    const mark = () => {
      if (document.visibilityState !== 'visible' || marked.current === newest) return;
      marked.current = newest;
      const { client, url } = clientForPath(path);
      client.post(url).then(
        () => done.current(),
        () => {
          marked.current = null;
        },
      );
    };
    mark();
    document.addEventListener('visibilitychange', mark);
    return () => document.removeEventListener('visibilitychange', mark);
  }, [path, newest]);
}
