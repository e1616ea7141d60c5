import { Callout, H5, HTMLTable, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { Decision } from '../../../../core/transaction-monitoring/tm.types';
import type { PreviewAnswer } from '../../../../core/transaction-monitoring/preview.types';

const INTENTS: Record<Decision, 'success' | 'warning' | 'primary' | 'danger'> = {
  approved: 'success',
  flagged: 'warning',
  investigating: 'primary',
  declined: 'danger',
};

function DecisionTag({ decision }: { decision: Decision }) {
  const { t } = useTranslation();
  return (
    <Tag minimal intent={INTENTS[decision]}>
      {t(`transactionMonitoring.decisions.${decision}`)}
    </Tag>
  );
}

/** What the draft would have decided over the recent transactions: the changed decisions and each rule's hits. */
export function PreviewResult({ preview }: { preview: PreviewAnswer }) {
  const { t } = useTranslation();
  return (
    <section className="tm-rules-preview" aria-label={t('transactionMonitoring.editor.previewTitle')}>
      <H5>{t('transactionMonitoring.editor.previewTitle')}</H5>
      <Callout intent={preview.changed > 0 ? 'warning' : 'success'} role="status" data-testid="tm-preview-summary">
        {t('transactionMonitoring.editor.summary', {
          changed: preview.changed,
          total: preview.total,
          version: preview.liveVersion,
        })}{' '}
        {preview.transitions.map((transition) => (
          <Tag key={`${transition.from}-${transition.to}`} round className="tm-rules-preview__transition">
            {t(`transactionMonitoring.decisions.${transition.from}`)} →{' '}
            {t(`transactionMonitoring.decisions.${transition.to}`)}: {transition.count}
          </Tag>
        ))}
      </Callout>
      <div className="tm-rules-preview__tables">
        {preview.changes.length > 0 && (
          <HTMLTable compact striped aria-label={t('transactionMonitoring.editor.changes')}>
            <thead>
              <tr>
                <th>{t('transactionMonitoring.fields.transactionId')}</th>
                <th>{t('transactionMonitoring.fields.card')}</th>
                <th>{t('transactionMonitoring.editor.before')}</th>
                <th>{t('transactionMonitoring.editor.after')}</th>
              </tr>
            </thead>
            <tbody>
              {preview.changes.map((change) => (
                <tr key={change.id}>
                  <td>{change.transactionId}</td>
                  <td>{change.maskedPan}</td>
                  <td>
                    <DecisionTag decision={change.from} /> {change.scoreFrom}
                  </td>
                  <td>
                    <DecisionTag decision={change.to} /> {change.scoreTo}
                  </td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        )}
        <HTMLTable compact striped aria-label={t('transactionMonitoring.editor.ruleHits')}>
          <thead>
            <tr>
              <th>{t('transactionMonitoring.fields.rule')}</th>
              <th>{t('transactionMonitoring.editor.liveHits')}</th>
              <th>{t('transactionMonitoring.editor.draftHits')}</th>
            </tr>
          </thead>
          <tbody>
            {preview.rules.map((rule) => (
              <tr key={rule.ruleId}>
                <td>{rule.ruleId}</td>
                <td>{rule.liveHits}</td>
                <td>{rule.draftHits}</td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      </div>
    </section>
  );
}
