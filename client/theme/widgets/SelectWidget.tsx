import { Classes, HTMLSelect } from '@blueprintjs/core';
import {
  ariaDescribedByIds,
  enumOptionSelectedValue,
  enumOptionValueDecoder,
  enumOptionValueEncoder,
  getOptionValueFormat,
  SelectedOptionDescription,
  type WidgetProps,
} from '@rjsf/utils';
import type { ChangeEvent, FocusEvent } from 'react';

const picked = (event: ChangeEvent<HTMLSelectElement> | FocusEvent<HTMLSelectElement>, multiple: boolean) =>
  multiple ? Array.from(event.target.selectedOptions, (option) => option.value) : event.target.value;

/**
 * A choice from an enum as a Blueprint HTMLSelect; with `multiple` (an array of enum values with
 * uniqueItems) a list box where several options are chosen (Blueprint's HTMLSelect has no multiple
 * mode; its MultiSelect names its parts in English only).
 */
export function SelectWidget(props: WidgetProps) {
  const { id, htmlName, value, required, disabled, readonly, autofocus, placeholder, schema, options } = props;
  const {
    multiple = false,
    rawErrors,
    hideError,
    hideLabel,
    label,
    registry,
    uiSchema,
    onChange,
    onBlur,
    onFocus,
  } = props;
  const { enumOptions = [], enumDisabled, emptyValue } = options;
  const format = getOptionValueFormat(options);
  const decode = (raw: string | string[]) => enumOptionValueDecoder(raw, enumOptions, format, emptyValue);
  const selected = enumOptionSelectedValue(value, enumOptions, multiple, format, multiple ? [] : '');
  const invalid = !hideError && Boolean(rawErrors?.length);
  const shared = {
    id,
    name: htmlName || id,
    required,
    disabled: disabled || readonly,
    autoFocus: autofocus,
    'aria-invalid': invalid || undefined,
    'aria-label': hideLabel ? label : undefined,
    'aria-describedby': ariaDescribedByIds(id),
    onChange: (event: ChangeEvent<HTMLSelectElement>) => onChange(decode(picked(event, multiple))),
    onBlur: (event: FocusEvent<HTMLSelectElement>) => onBlur(id, decode(picked(event, multiple))),
    onFocus: (event: FocusEvent<HTMLSelectElement>) => onFocus(id, decode(picked(event, multiple))),
  };
  const optionElements = enumOptions.map((option, index) => (
    <option
      key={String(option.value)}
      value={enumOptionValueEncoder(option.value, index, format)}
      disabled={Array.isArray(enumDisabled) && enumDisabled.includes(option.value)}
    >
      {option.label}
    </option>
  ));
  if (multiple) {
    return (
      <select
        {...shared}
        multiple
        value={selected}
        size={Math.min(Math.max(enumOptions.length, 2), 8)}
        className={`${Classes.INPUT} ${Classes.FILL} rjsf-multi-select${invalid ? ` ${Classes.INTENT_DANGER}` : ''}`}
      >
        {optionElements}
      </select>
    );
  }
  return (
    <>
      <SelectedOptionDescription
        id={id}
        multiple={false}
        options={options}
        registry={registry}
        uiSchema={uiSchema}
        value={value}
      />
      <HTMLSelect {...shared} value={selected} fill>
        {schema.default === undefined && <option value="">{placeholder ?? ''}</option>}
        {optionElements}
      </HTMLSelect>
    </>
  );
}
