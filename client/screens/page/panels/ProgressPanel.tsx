import { type Intent, ProgressBar } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { ProgressPanel as ProgressDef } from '../../../../core/pages/page.types';
import { numberAt, valueAtPath } from '../../../../core/pages/page.utils';
import { resolveText } from '../../../i18n/text';
import { PanelEmpty } from '../PanelFrame';

/** A bar of `value` out of `max` (the page's `live` refresh moves it), and what runs now. */
export function ProgressPanel({ panel, data }: { panel: ProgressDef; data: unknown }) {
  const { t, i18n } = useTranslation();
  const value = data === undefined ? null : numberAt(data, panel.value);
  const max = data === undefined ? null : numberAt(data, panel.max);
  if (value === null || max === null || max <= 0) return <PanelEmpty panel={panel} />;
  const current = panel.current ? valueAtPath(data, panel.current) : null;
  const label = typeof current === 'string' ? panel.labels?.[current] : undefined;
  const currentText = label ? resolveText(label, t, i18n.language) : typeof current === 'string' ? current : null;
  return (
    <div className="progress-panel">
      <ProgressBar
        value={Math.min(1, value / max)}
        intent={(panel.intent ?? 'primary') as Intent}
        animate={value < max}
        stripes={value < max}
        aria-label={t('page.progress', { value, max })}
      />
      <p className="progress-panel__text" aria-live="polite">
        {t('page.progress', { value, max })}
        {currentText ? ` · ${currentText}` : ''}
      </p>
    </div>
  );
}
