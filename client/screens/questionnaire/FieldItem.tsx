import { FormGroup } from '@blueprintjs/core';
import { memo, useContext } from 'react';
import type { Field } from '../../../core/questionnaire/questionnaire.types';
import { InfoTip } from '../../runtime/InfoTip';
import { Problems } from './Problems';
import { RenderProbe, useAnswer, useStore, useText } from './storeHooks';
import { ValueInput } from './ValueInput';

/** A field of the contact or validation parts: reads only its own value. */
export const FieldItem = memo(function FieldItem({ field }: { field: Field }) {
  const { t, text: resolve } = useText();
  useContext(RenderProbe)?.(field.id);
  const store = useStore();
  const value = useAnswer(field.id);
  const label = resolve(field.label);
  return (
    // data-item: where a refusal that names this field moves the focus
    <div data-item={field.id}>
      <FormGroup
        className="questionnaire__field"
        label={field.input === 'checkbox' ? undefined : label}
        labelInfo={field.required ? t('questionnaire.requiredMark') : undefined}
        subLabel={field.tooltip && <InfoTip dataId={field.tooltip} label={label} />}
      >
        <ValueInput spec={field} value={value} label={label} onChange={(next) => store.setAnswer(field.id, next)} />
        <Problems id={field.id} />
      </FormGroup>
    </div>
  );
});
