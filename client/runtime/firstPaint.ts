import { useEffect, useState } from 'react';

let painted = false;

/**
 * False until the page's first frame with its screen has been painted, then true (and true at once
 * for anything mounted later): for parts of the shell the screen's first frame can do without — the
 * navbar's menu is some 170 elements to style and lay out beside a list's first rows.
 */
export function useFirstPaintDone(): boolean {
  const [done, setDone] = useState(painted);
  useEffect(() => {
    if (done) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => {
        painted = true;
        setDone(true);
      });
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [done]);
  return done;
}
