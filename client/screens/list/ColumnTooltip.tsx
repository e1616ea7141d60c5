import { Button, Popover } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useTooltip } from '../../runtime/tooltips';

/** The info icon of a column whose `tooltip` id has text in the tooltips document; nothing otherwise. */
export function ColumnTooltip({ id }: { id: string }) {
  const { t } = useTranslation();
  const tip = useTooltip(id);
  if (tip === undefined || tip === null) return null;
  return (
    <Popover content={<div className="list-tooltip">{tip}</div>} placement="top" interactionKind="hover">
      <Button size="small" variant="minimal" icon="info-sign" aria-label={t('list.moreInfo')} />
    </Popover>
  );
}
