import { InfoTip } from '../../runtime/InfoTip';

/** The info icon of a column whose `tooltip` id has a tip in the tooltips document; nothing otherwise. */
export function ColumnTooltip({ id }: { id: string }) {
  return <InfoTip dataId={id} />;
}
