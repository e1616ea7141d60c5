import { Classes } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { StatPanel as StatDef } from '../../../../core/pages/page.types';
import { numberAt, valueAtPath } from '../../../../core/pages/page.utils';
import { resolveText } from '../../../i18n/text';

/** A stat card's figure, its change and, without a figure, the panel's empty text. */
export function StatPanel({ panel, data }: { panel: StatDef; data: unknown }) {
  const { t, i18n } = useTranslation();
  const value = data === undefined ? null : numberAt(data, panel.value);
  if (value === null) {
    return (
      <p className={Classes.TEXT_MUTED}>{panel.empty ? resolveText(panel.empty, t, i18n.language) : t('page.empty')}</p>
    );
  }
  const delta = panel.delta ? numberAt(data, panel.delta) : null;
  const capped = panel.capped !== undefined && valueAtPath(data, panel.capped) === true;
  // a figure, not a computation: an average of 77.667 reads as 77.7
  const number = value.toLocaleString(i18n.language, { maximumFractionDigits: 1 });
  const figure = (
    <span className={`stat-card__value${panel.intent ? ` stat-card__value--${panel.intent}` : ''}`}>
      {capped ? t('list.atLeast', { value: number }) : number}
    </span>
  );
  return (
    <div className="stat-card">
      {panel.link ? <Link to={panel.link}>{figure}</Link> : figure}
      {delta !== null && (
        <span className={`stat-card__delta stat-card__delta--${delta > 0 ? 'up' : delta < 0 ? 'down' : 'flat'}`}>
          {delta > 0 ? '+' : ''}
          {delta.toLocaleString(i18n.language)}
          {panel.deltaLabel ? ` ${resolveText(panel.deltaLabel, t, i18n.language)}` : ''}
        </span>
      )}
    </div>
  );
}
