import { HTMLSelect } from '@blueprintjs/core';
import { ariaDescribedByIds, enumOptionsIndexForValue, enumOptionsValueForIndex, type WidgetProps } from '@rjsf/utils';

/** A single choice from an enum as a Blueprint HTMLSelect (values travel as option indexes). */
export function SelectWidget(props: WidgetProps) {
  const { id, value, required, disabled, readonly, autofocus, placeholder, options, rawErrors } = props;
  const enumOptions = options.enumOptions ?? [];
  const selected = enumOptionsIndexForValue(value, enumOptions, false);
  const empty = options.emptyValue;
  return (
    <HTMLSelect
      id={id}
      name={props.htmlName ?? id}
      fill
      value={typeof selected === 'string' ? selected : ''}
      required={required}
      disabled={disabled || readonly}
      autoFocus={autofocus}
      aria-invalid={rawErrors?.length ? true : undefined}
      aria-describedby={ariaDescribedByIds(id)}
      onChange={(event) => props.onChange(enumOptionsValueForIndex(event.target.value, enumOptions, empty))}
      onBlur={(event) => props.onBlur(id, enumOptionsValueForIndex(event.target.value, enumOptions, empty))}
      onFocus={(event) => props.onFocus(id, enumOptionsValueForIndex(event.target.value, enumOptions, empty))}
    >
      <option value="">{placeholder ?? ''}</option>
      {enumOptions.map((option, index) => (
        <option key={String(option.value)} value={String(index)} disabled={option.schema?.readOnly === true}>
          {option.label}
        </option>
      ))}
    </HTMLSelect>
  );
}
