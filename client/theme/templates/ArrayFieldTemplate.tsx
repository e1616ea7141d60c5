import { Classes, NonIdealState } from '@blueprintjs/core';
import { type ArrayFieldTemplateProps, buttonId, getTemplate, getUiOptions, TranslatableString } from '@rjsf/utils';

/**
 * An array as a Blueprint card fieldset: title as legend, description, its items (each with its
 * toolbar), the errors of the array as a whole (minItems, uniqueItems…) and a labelled add button.
 */
export function ArrayFieldTemplate(props: ArrayFieldTemplateProps) {
  const { canAdd, className, disabled, readonly, fieldPathId, uiSchema, items, onAddClick, registry } = props;
  const { required, schema, title, optionalDataControl, errorSchema, hideError } = props;
  const uiOptions = getUiOptions(uiSchema);
  const ArrayFieldTitleTemplate = getTemplate('ArrayFieldTitleTemplate', registry, uiOptions);
  const ArrayFieldDescriptionTemplate = getTemplate('ArrayFieldDescriptionTemplate', registry, uiOptions);
  const FieldErrorTemplate = getTemplate('FieldErrorTemplate', registry, uiOptions);
  const { AddButton } = registry.templates.ButtonTemplates;
  const controlInTitle = !readonly && !disabled;
  return (
    <fieldset id={fieldPathId.$id} className={`rjsf-array ${Classes.CARD} ${Classes.COMPACT} ${className ?? ''}`}>
      <ArrayFieldTitleTemplate
        fieldPathId={fieldPathId}
        title={uiOptions.title || title}
        required={required}
        schema={schema}
        uiSchema={uiSchema}
        registry={registry}
        optionalDataControl={controlInTitle ? optionalDataControl : undefined}
      />
      <ArrayFieldDescriptionTemplate
        fieldPathId={fieldPathId}
        description={uiOptions.description || schema.description}
        schema={schema}
        uiSchema={uiSchema}
        registry={registry}
      />
      {!controlInTitle && optionalDataControl}
      {items.length > 0 ? (
        <div className="rjsf-array__items">{items}</div>
      ) : (
        canAdd && (
          <NonIdealState
            className="rjsf-array__empty"
            description={registry.translateString(TranslatableString.EmptyArray)}
          />
        )
      )}
      {!hideError && (
        <FieldErrorTemplate
          errors={errorSchema?.__errors}
          fieldPathId={fieldPathId}
          schema={schema}
          uiSchema={uiSchema}
          registry={registry}
        />
      )}
      {canAdd && (
        <AddButton
          id={buttonId(fieldPathId, 'add')}
          className="rjsf-array-item-add"
          onClick={onAddClick}
          disabled={disabled || readonly}
          uiSchema={uiSchema}
          registry={registry}
        />
      )}
    </fieldset>
  );
}
