import { ProgressBar } from '@blueprintjs/core';
import { flushSync } from 'react-dom';
import { toaster } from './toaster';
import './progressToast.css';

export interface ProgressToast {
  /** `fraction` 0..1, or undefined while the size is unknown (the bar then moves without a value). */
  update(fraction: number | undefined): void;
  close(): void;
}

/** A toast with a progress bar that stays until closed (long downloads: client/api/download.ts). */
export function progressToast(title: string, icon: 'download' | 'upload' = 'download'): ProgressToast {
  let key: Promise<string> | null = null;
  let closed = false;
  const render = (fraction: number | undefined) => (
    <div className="progress-toast">
      <span>{title}</span>
      <ProgressBar intent="primary" value={fraction} animate={fraction === undefined} aria-label={title} />
    </div>
  );
  return {
    update(fraction) {
      if (closed) return;
      const previous = key;
      key = toaster().then(async (shown) => {
        const id = previous ? await previous : undefined;
        // committed at once: the toaster tells an update from a new toast by the toasts it has rendered,
        // so an update arriving before the first render would add a second toast under the same key
        let shownKey = '';
        flushSync(() => {
          shownKey = shown.show({ message: render(fraction), icon, timeout: 0 }, id);
        });
        return shownKey;
      });
    },
    close() {
      closed = true;
      if (key) void Promise.all([toaster(), key]).then(([shown, id]) => shown.dismiss(id));
    },
  };
}
