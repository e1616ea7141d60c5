import type { MultiSchemaFieldTemplateProps } from '@rjsf/utils';

/** A oneOf/anyOf field: the option selector, then the chosen option's fields, set off by a rule. */
export function MultiSchemaFieldTemplate({ selector, optionSchemaField }: MultiSchemaFieldTemplateProps) {
  return (
    <div className="rjsf-multi-schema">
      <div className="rjsf-multi-schema__selector">{selector}</div>
      {optionSchemaField}
    </div>
  );
}
