import { Radio, RadioGroup } from '@blueprintjs/core';
import {
  ariaDescribedByIds,
  enumOptionSelectedValue,
  enumOptionValueDecoder,
  enumOptionValueEncoder,
  getOptionValueFormat,
  optionId,
  type WidgetProps,
} from '@rjsf/utils';

/** A single choice from an enum (or a boolean's yes/no) as a Blueprint RadioGroup named by the field. */
export function RadioWidget(props: WidgetProps) {
  const { id, htmlName, value, disabled, readonly, options, label, autofocus, onChange, onBlur, onFocus } = props;
  const { enumOptions = [], enumDisabled, emptyValue, inline } = options;
  const format = getOptionValueFormat(options);
  const selected = enumOptionSelectedValue(value, enumOptions, false, format, undefined);
  const decode = (raw: string) => enumOptionValueDecoder(raw, enumOptions, format, emptyValue);
  return (
    <RadioGroup
      name={htmlName || id}
      selectedValue={typeof selected === 'string' ? selected : undefined}
      disabled={disabled || readonly}
      inline={inline === true}
      aria-label={label}
      aria-describedby={ariaDescribedByIds(id)}
      onChange={(event) => onChange(decode(event.currentTarget.value))}
    >
      {enumOptions.map((option, index) => (
        <Radio
          key={String(option.value)}
          id={optionId(id, index)}
          value={enumOptionValueEncoder(option.value, index, format)}
          label={option.label}
          disabled={Array.isArray(enumDisabled) && enumDisabled.includes(option.value)}
          autoFocus={autofocus === true && index === 0}
          onBlur={(event) => onBlur(id, decode(event.currentTarget.value))}
          onFocus={(event) => onFocus(id, decode(event.currentTarget.value))}
        />
      ))}
    </RadioGroup>
  );
}
