import { Checkbox } from '@blueprintjs/core';
import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';

/** A boolean as a Blueprint Checkbox; its label is the field title (the FieldTemplate shows none). */
export function CheckboxWidget(props: WidgetProps) {
  const { id, value, required, disabled, readonly, autofocus, label, hideLabel } = props;
  return (
    <Checkbox
      id={id}
      name={props.htmlName ?? id}
      checked={value === true}
      required={required}
      disabled={disabled || readonly}
      autoFocus={autofocus}
      label={hideLabel ? undefined : label}
      className={required ? 'rjsf-required-check' : undefined}
      aria-label={hideLabel ? label : undefined}
      aria-describedby={ariaDescribedByIds(id)}
      onChange={(event) => props.onChange(event.currentTarget.checked)}
      onBlur={() => props.onBlur(id, value)}
      onFocus={() => props.onFocus(id, value)}
    />
  );
}
