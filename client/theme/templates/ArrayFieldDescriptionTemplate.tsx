import { type ArrayFieldDescriptionProps, descriptionId, getTemplate, getUiOptions } from '@rjsf/utils';

/** An array's description through DescriptionFieldTemplate, unless labels are off. */
export function ArrayFieldDescriptionTemplate(props: ArrayFieldDescriptionProps) {
  const { fieldPathId, description, registry, schema, uiSchema } = props;
  const options = getUiOptions(uiSchema, registry.globalUiOptions);
  if (!description || options.label === false) return null;
  const DescriptionFieldTemplate = getTemplate('DescriptionFieldTemplate', registry, options);
  return (
    <DescriptionFieldTemplate
      id={descriptionId(fieldPathId)}
      description={description}
      schema={schema}
      uiSchema={uiSchema}
      registry={registry}
    />
  );
}
