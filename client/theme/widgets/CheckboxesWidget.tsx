import { Checkbox } from '@blueprintjs/core';
import {
  ariaDescribedByIds,
  enumOptionsDeselectValue,
  enumOptionsIsSelected,
  enumOptionsSelectValue,
  enumOptionValueEncoder,
  getOptionValueFormat,
  optionId,
  type WidgetProps,
} from '@rjsf/utils';

/** Several choices from an enum (an array with uniqueItems) as Blueprint Checkboxes, one per option. */
export function CheckboxesWidget(props: WidgetProps) {
  const { id, htmlName, disabled, readonly, options, value, autofocus, label, onChange, onBlur, onFocus } = props;
  const { inline = false, enumOptions = [], enumDisabled } = options;
  const format = getOptionValueFormat(options);
  const selected: unknown[] = Array.isArray(value) ? value : value === undefined ? [] : [value];
  return (
    <fieldset id={id} aria-label={label} aria-describedby={ariaDescribedByIds(id)} className="rjsf-checkboxes">
      {enumOptions.map((option, index) => {
        const itemDisabled = Array.isArray(enumDisabled) && enumDisabled.includes(option.value);
        return (
          <Checkbox
            key={String(option.value)}
            id={optionId(id, index)}
            name={htmlName || id}
            inline={inline === true}
            label={option.label}
            value={enumOptionValueEncoder(option.value, index, format)}
            checked={enumOptionsIsSelected(option.value, selected)}
            disabled={disabled || readonly || itemDisabled}
            autoFocus={autofocus === true && index === 0}
            onChange={(event) =>
              onChange(
                event.currentTarget.checked
                  ? enumOptionsSelectValue(index, selected, enumOptions)
                  : enumOptionsDeselectValue(index, selected, enumOptions),
              )
            }
            onBlur={() => onBlur(id, value)}
            onFocus={() => onFocus(id, value)}
          />
        );
      })}
    </fieldset>
  );
}
