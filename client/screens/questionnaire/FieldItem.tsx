import { FormGroup } from '@blueprintjs/core';
import { memo, useContext } from 'react';
import { useTranslation } from 'react-i18next';
import type { Field } from '../../../core/questionnaire/questionnaire.types';
import { resolveText } from '../../i18n/text';
import { InfoTip } from '../../runtime/InfoTip';
import { Problems } from './Problems';
import { RenderProbe, useAnswer, useStore } from './storeHooks';
import { ValueInput } from './ValueInput';

/** A field of the contact or validation parts: reads only its own value. */
export const FieldItem = memo(function FieldItem({ field }: { field: Field }) {
  const { t, i18n } = useTranslation();
  useContext(RenderProbe)?.(field.id);
  const store = useStore();
  const value = useAnswer(field.id);
  const label = resolveText(field.label, t, i18n.language);
  return (
    <FormGroup
      className="questionnaire__field"
      label={field.input === 'checkbox' ? undefined : label}
      labelInfo={field.required ? t('questionnaire.requiredMark') : undefined}
      subLabel={field.tooltip && <InfoTip dataId={field.tooltip} label={label} />}
    >
      <ValueInput spec={field} value={value} label={label} onChange={(next) => store.setAnswer(field.id, next)} />
      <Problems id={field.id} />
    </FormGroup>
  );
});
