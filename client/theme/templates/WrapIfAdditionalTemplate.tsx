import { FormGroup, InputGroup } from '@blueprintjs/core';
import {
  ADDITIONAL_PROPERTY_FLAG,
  buttonId,
  TranslatableString,
  type WrapIfAdditionalTemplateProps,
} from '@rjsf/utils';

/**
 * A field as it is, or, for a property of `additionalProperties`, with its key in an input (renamed
 * on blur) and a remove button beside it.
 */
export function WrapIfAdditionalTemplate(props: WrapIfAdditionalTemplateProps) {
  const { id, classNames, style, children, schema, label, displayLabel, registry, uiSchema } = props;
  const { disabled, readonly, onKeyRenameBlur, onRemoveProperty } = props;
  if (!(ADDITIONAL_PROPERTY_FLAG in schema)) {
    return (
      <div className={classNames} style={style}>
        {children}
      </div>
    );
  }
  const { RemoveButton } = registry.templates.ButtonTemplates;
  const keyLabel = registry.translateString(TranslatableString.KeyLabel, [label]);
  const keyId = `${id}-key`;
  return (
    <div
      className={`${classNames ?? ''} rjsf-additional${displayLabel ? ' rjsf-additional--labelled' : ''}`}
      style={style}
    >
      <FormGroup className="rjsf-additional__key" label={displayLabel ? keyLabel : undefined} labelFor={keyId}>
        <InputGroup
          key={label /* a rename re-keys the property: start from its new name */}
          id={keyId}
          name={keyId}
          defaultValue={label}
          disabled={disabled}
          readOnly={readonly}
          aria-label={displayLabel ? undefined : keyLabel}
          onBlur={onKeyRenameBlur}
        />
      </FormGroup>
      <div className="rjsf-additional__value">{children}</div>
      <div className="rjsf-additional__remove">
        <RemoveButton
          id={buttonId(id, 'remove')}
          className="rjsf-object-property-remove"
          disabled={disabled || readonly}
          onClick={onRemoveProperty}
          uiSchema={uiSchema}
          registry={registry}
        />
      </div>
    </div>
  );
}
