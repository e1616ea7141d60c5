import { InputGroup } from '@blueprintjs/core';
import { SchemaExamples } from '@rjsf/core';
import { ariaDescribedByIds, type BaseInputTemplateProps, examplesId, getInputProps, getSchemaType } from '@rjsf/utils';
import type { MouseEvent } from 'react';
import { NumberInput } from '../widgets/NumberInput';

/**
 * The input behind every text-like widget: a Blueprint InputGroup typed from the schema (email,
 * date, time…), a clear button when `allowClearTextInputs` asks, schema examples as a datalist.
 * Numbers and integers (nullable ones too: `type: ['number', 'null']`) without another input type
 * get a NumericInput, which refuses letters.
 */
export function BaseInputTemplate(props: BaseInputTemplateProps) {
  const { id, htmlName, value, readonly, disabled, autofocus, placeholder, required, schema, options } = props;
  const { type, rawErrors, hideError, hideLabel, label, registry, onChange, onChangeOverride, onBlur, onFocus } = props;
  const schemaType = getSchemaType(schema);
  const numeric = schemaType === 'number' || schemaType === 'integer';
  if (numeric && !type && !options.inputType) return <NumberInput {...props} />;
  const { ClearButton } = registry.templates.ButtonTemplates;
  const inputProps = getInputProps(schema, type, options);
  const inputValue = value === undefined || value === null ? '' : value;
  const invalid = !hideError && Boolean(rawErrors?.length);
  const clear = (event: MouseEvent) => {
    event.preventDefault();
    onChange(options.emptyValue);
  };
  const clearable = options.allowClearTextInputs && !readonly && !disabled && inputValue !== '';
  return (
    <>
      <InputGroup
        id={id}
        name={htmlName || id}
        {...inputProps}
        value={inputValue}
        fill
        required={required}
        readOnly={readonly}
        disabled={disabled}
        autoFocus={autofocus}
        placeholder={placeholder}
        multiple={props.multiple}
        intent={invalid ? 'danger' : undefined}
        aria-invalid={invalid || undefined}
        aria-label={hideLabel ? label : undefined}
        aria-describedby={ariaDescribedByIds(id, Boolean(schema.examples))}
        list={schema.examples ? examplesId(id) : undefined}
        rightElement={clearable ? <ClearButton registry={registry} onClick={clear} /> : undefined}
        onChange={
          onChangeOverride ?? ((event) => onChange(event.target.value === '' ? options.emptyValue : event.target.value))
        }
        onBlur={(event) => onBlur(id, event.target.value)}
        onFocus={(event) => onFocus(id, event.target.value)}
      />
      <SchemaExamples id={id} schema={schema} />
    </>
  );
}
