import { Button, type ButtonProps } from '@blueprintjs/core';
import { useContext, useEffect, useRef, useState } from 'react';
import { AppConfigContext } from '../runtime/appConfig';

interface Props extends ButtonProps {
  /** True while the work runs; the spinner then stays at least shell.loadingButton.minDisplayMs. */
  loading?: boolean;
}

/** A button whose spinner neither flickers for fast calls nor hides slow ones. */
export function LoadingButton({ loading = false, ...rest }: Props) {
  // outside the app config (the boot screens) there is no minimum to honour
  const settings = useContext(AppConfigContext)?.shell.loadingButton ?? { delayMs: 0, minDisplayMs: 0 };
  const { minDisplayMs, delayMs } = settings;
  const [shown, setShown] = useState(false);
  const shownAt = useRef(0);

  useEffect(() => {
    if (loading) {
      const timer = window.setTimeout(() => {
        shownAt.current = Date.now();
        setShown(true);
      }, delayMs);
      return () => window.clearTimeout(timer);
    }
    if (!shown) return;
    const remaining = Math.max(0, minDisplayMs - (Date.now() - shownAt.current));
    const timer = window.setTimeout(() => setShown(false), remaining);
    return () => window.clearTimeout(timer);
  }, [loading, shown, minDisplayMs, delayMs]);

  return <Button {...rest} loading={shown || (loading && delayMs === 0)} />;
}
