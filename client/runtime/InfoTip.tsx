import { Button, Popover } from '@blueprintjs/core';
import type { FieldTemplateProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import { fieldTooltipId } from '../../core/tooltips/tooltip.utils';
import { RichText } from './RichText';
import { useTooltip } from './tooltips';
import './tooltips.css';

/** An info icon opening the tip with this data_id; nothing when no tip matches. */
export function InfoTip({ dataId, label }: { dataId: string | undefined; label?: string }) {
  const { t } = useTranslation();
  const html = useTooltip(dataId);
  if (!html) return null;
  return (
    <Popover
      content={<RichText html={html} className="info-tip__body rich-text" />}
      placement="top"
      className="info-tip"
    >
      <Button
        variant="minimal"
        size="small"
        icon="info-sign"
        aria-label={label ? t('tooltips.about', { label }) : t('tooltips.more')}
      />
    </Popover>
  );
}

/**
 * The hook point for generated form fields (FieldTemplate's sub-label): the tip named by
 * `ui:options.tooltip`, else by the field's name path. Outside the <label>, so the input's
 * accessible name stays its title.
 */
export function FieldTip({ field }: { field: Pick<FieldTemplateProps, 'fieldPathId' | 'uiSchema' | 'label'> }) {
  return (
    <InfoTip dataId={fieldTooltipId(field.fieldPathId.path, field.uiSchema?.['ui:options'])} label={field.label} />
  );
}
