import { Button, FormGroup, type FormGroupProps, PopoverNext, Spinner } from '@blueprintjs/core';
import type { FieldTemplateProps } from '@rjsf/utils';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldTooltipId } from '../../core/tooltips/tooltip.utils';
import { useTooltip } from './tooltips';
import './tooltips.css';

// the sanitiser (DOMPurify) comes with the first tip opened, not with every screen that has an icon
const RichText = lazy(() => import('./RichText').then((module) => ({ default: module.RichText })));

/** An info icon opening the tip with this data_id; nothing when no tip matches. */
export function InfoTip({ dataId, label }: { dataId: string | undefined; label?: string }) {
  const { t } = useTranslation();
  const html = useTooltip(dataId);
  if (!html) return null;
  return (
    // PopoverNext (floating-ui) as the shell's menus: the legacy Popover would add popper.js to every screen
    <PopoverNext
      content={
        <Suspense fallback={<Spinner size={16} aria-label={t('shell.loading')} />}>
          <RichText html={html} className="info-tip__body rich-text" />
        </Suspense>
      }
      placement="top"
      className="info-tip"
    >
      <Button
        variant="minimal"
        size="small"
        icon="info-sign"
        aria-label={label ? t('tooltips.about', { label }) : t('tooltips.more')}
      />
    </PopoverNext>
  );
}

/**
 * The hook point for generated form fields: FieldTemplate's FormGroup with, when a tip matches,
 * the info icon first in the sub-label. The tip is named by `ui:options.tooltip`, else by the
 * field's place in its form (the form context's `formId` and the field's JSON pointer). Outside the
 * <label>, so the input's accessible name stays its title; without a tip the FormGroup is exactly the theme's.
 */
export function FieldGroup({ field, subLabel, ...group }: FormGroupProps & { field: FieldOfTemplate }) {
  const formId = (field.registry.formContext as { formId?: string } | undefined)?.formId;
  const dataId = fieldTooltipId(formId, field.fieldPathId.path, field.uiSchema?.['ui:options']);
  const tip = useTooltip(dataId);
  const withTip = tip ? (
    <>
      <InfoTip dataId={dataId} label={field.label} />
      {subLabel}
    </>
  ) : (
    subLabel
  );
  return <FormGroup {...group} subLabel={withTip} />;
}

type FieldOfTemplate = Pick<FieldTemplateProps, 'fieldPathId' | 'uiSchema' | 'label' | 'registry'>;
