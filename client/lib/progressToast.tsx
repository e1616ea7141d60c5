import { ProgressBar } from '@blueprintjs/core';
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
      key = toaster().then(async (shown) =>
        shown.show({ message: render(fraction), icon, timeout: 0 }, previous ? await previous : undefined),
      );
    },
    close() {
      closed = true;
      if (key) void Promise.all([toaster(), key]).then(([shown, id]) => shown.dismiss(id));
    },
  };
}
