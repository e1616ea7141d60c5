import { useTranslation } from 'react-i18next';
import type { KeyValuePanel as KeyValueDef } from '../../../../core/pages/page.types';
import { resolveText } from '../../../i18n/text';
import { InfoTip } from '../../../runtime/InfoTip';
import { FieldValue } from '../FieldValue';
import { PanelEmpty } from '../PanelFrame';

interface Props {
  panel: KeyValueDef;
  data: unknown;
  params: Record<string, string | undefined>;
}

/** Label and value pairs of one record. */
export function KeyValuePanel({ panel, data, params }: Props) {
  const { t, i18n } = useTranslation();
  if (data === null || typeof data !== 'object') return <PanelEmpty panel={panel} />;
  return (
    <dl className="key-value">
      {panel.fields.map((field) => {
        const title = resolveText(field.title, t, i18n.language);
        return (
          <div key={field.field} className="key-value__row">
            <dt>
              {title}
              <InfoTip dataId={field.tooltip} label={title} />
            </dt>
            <dd>
              <FieldValue field={field} record={data} params={params} />
            </dd>
          </div>
        );
      })}
    </dl>
  );
}
