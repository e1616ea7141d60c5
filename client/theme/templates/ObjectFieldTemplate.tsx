import { Classes } from '@blueprintjs/core';
import {
  buttonId,
  canExpand,
  descriptionId,
  getTemplate,
  getUiOptions,
  type ObjectFieldTemplateProps,
  titleId,
} from '@rjsf/utils';
import { useTranslation } from 'react-i18next';

/**
 * An object as a fieldset: the title as legend, the description, its properties and, when it takes
 * additional properties, an add button. Nested objects are Blueprint cards; the root is plain.
 * (The object's own errors follow the fieldset: FieldTemplate.)
 */
export function ObjectFieldTemplate(props: ObjectFieldTemplateProps) {
  const { title, description, properties, fieldPathId, schema, uiSchema, registry, formData } = props;
  const { className, required, disabled, readonly, optionalDataControl, onAddProperty } = props;
  const { t } = useTranslation();
  const options = getUiOptions(uiSchema);
  const TitleFieldTemplate = getTemplate('TitleFieldTemplate', registry, options);
  const DescriptionFieldTemplate = getTemplate('DescriptionFieldTemplate', registry, options);
  const { AddButton } = registry.templates.ButtonTemplates;
  const expandable = canExpand(schema, uiSchema, formData);
  const isRoot = fieldPathId.path.length === 0;
  // a pure oneOf/anyOf draws its own choice; an option that only adds `required` has nothing to fill in
  const pureUnion = (schema.oneOf || schema.anyOf) && !schema.properties && properties.length === 0;
  if (pureUnion || (!isRoot && properties.length === 0 && !expandable && !optionalDataControl)) return null;
  const controlInTitle = !readonly && !disabled;
  const classes = ['rjsf-object', isRoot ? 'rjsf-object--root' : `${Classes.CARD} ${Classes.COMPACT}`, className];
  return (
    <fieldset id={fieldPathId.$id} className={classes.filter(Boolean).join(' ')}>
      {title && (
        <TitleFieldTemplate
          id={titleId(fieldPathId)}
          title={title}
          required={required}
          schema={schema}
          uiSchema={uiSchema}
          registry={registry}
          optionalDataControl={controlInTitle ? optionalDataControl : undefined}
        />
      )}
      {description && (
        <DescriptionFieldTemplate
          id={descriptionId(fieldPathId)}
          description={description}
          schema={schema}
          uiSchema={uiSchema}
          registry={registry}
        />
      )}
      {!controlInTitle && optionalDataControl}
      {properties.map((property) => property.content)}
      {expandable && (
        <AddButton
          id={buttonId(fieldPathId, 'add')}
          className="rjsf-object-property-expand"
          title={t('theme.addProperty')}
          onClick={onAddProperty}
          disabled={disabled || readonly}
          uiSchema={uiSchema}
          registry={registry}
        />
      )}
    </fieldset>
  );
}
