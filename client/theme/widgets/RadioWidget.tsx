import { Radio, RadioGroup } from '@blueprintjs/core';
import { enumOptionsIndexForValue, enumOptionsValueForIndex, optionId, type WidgetProps } from '@rjsf/utils';

/** A single choice from an enum as a Blueprint RadioGroup. */
export function RadioWidget(props: WidgetProps) {
  const { id, value, disabled, readonly, options, label } = props;
  const enumOptions = options.enumOptions ?? [];
  const selected = enumOptionsIndexForValue(value, enumOptions, false);
  return (
    <RadioGroup
      name={props.htmlName ?? id}
      selectedValue={typeof selected === 'string' ? selected : undefined}
      disabled={disabled || readonly}
      inline={options.inline === true}
      aria-label={label}
      onChange={(event) =>
        props.onChange(enumOptionsValueForIndex(event.currentTarget.value, enumOptions, options.emptyValue))
      }
    >
      {enumOptions.map((option, index) => (
        <Radio key={String(option.value)} id={optionId(id, index)} value={String(index)} label={option.label} />
      ))}
    </RadioGroup>
  );
}
