import { type ArrayFieldTitleProps, getTemplate, getUiOptions, titleId } from '@rjsf/utils';

/** An array's title through TitleFieldTemplate (the fieldset's legend), unless labels are off. */
export function ArrayFieldTitleTemplate(props: ArrayFieldTitleProps) {
  const { fieldPathId, title, schema, uiSchema, required, registry, optionalDataControl } = props;
  const options = getUiOptions(uiSchema, registry.globalUiOptions);
  if (!title || options.label === false) return null;
  const TitleFieldTemplate = getTemplate('TitleFieldTemplate', registry, options);
  return (
    <TitleFieldTemplate
      id={titleId(fieldPathId)}
      title={title}
      required={required}
      schema={schema}
      uiSchema={uiSchema}
      registry={registry}
      optionalDataControl={optionalDataControl}
    />
  );
}
