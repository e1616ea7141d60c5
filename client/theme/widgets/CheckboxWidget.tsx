import { Checkbox, Switch } from '@blueprintjs/core';
import {
  ariaDescribedByIds,
  descriptionId,
  getTemplate,
  getUiOptions,
  schemaRequiresTrueValue,
  type WidgetProps,
} from '@rjsf/utils';

/**
 * A boolean as a Blueprint Checkbox (or a Switch with `ui:options: { switch: true }`), labelled by
 * the field title beside it; the description sits above unless the FieldTemplate shows it.
 */
export function CheckboxWidget(props: WidgetProps) {
  const { id, htmlName, value, required, disabled, readonly, autofocus, label, hideLabel, schema } = props;
  const { uiSchema, options, registry, rawErrors, hideError, onChange, onBlur, onFocus } = props;
  const DescriptionFieldTemplate = getTemplate('DescriptionFieldTemplate', registry, options);
  // the FieldTemplate shows the description of an explicit 'checkbox' widget itself
  const description =
    getUiOptions(uiSchema).widget === 'checkbox' ? undefined : (options.description ?? schema.description);
  const Control = options.switch === true ? Switch : Checkbox;
  const invalid = !hideError && Boolean(rawErrors?.length);
  return (
    <div className="rjsf-checkbox">
      {!hideLabel && description && (
        <DescriptionFieldTemplate
          id={descriptionId(id)}
          description={description}
          schema={schema}
          uiSchema={uiSchema}
          registry={registry}
        />
      )}
      <Control
        id={id}
        name={htmlName || id}
        checked={value === true}
        // an unticked box fails HTML 'required'; only a box that must be ticked says so
        required={required && schemaRequiresTrueValue(schema)}
        disabled={disabled || readonly}
        autoFocus={autofocus}
        label={hideLabel ? undefined : label}
        className={required ? 'rjsf-required-check' : undefined}
        aria-label={hideLabel ? label : undefined}
        aria-invalid={invalid || undefined}
        aria-describedby={ariaDescribedByIds(id)}
        onChange={(event) => onChange(event.currentTarget.checked)}
        onBlur={(event) => onBlur(id, event.currentTarget.checked)}
        onFocus={(event) => onFocus(id, event.currentTarget.checked)}
      />
    </div>
  );
}
