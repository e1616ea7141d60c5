import { TextArea } from '@blueprintjs/core';
import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';

/** Multi-line text as a Blueprint TextArea (`ui:options.rows`, 4 by default). */
export function TextareaWidget(props: WidgetProps) {
  const { id, htmlName, value, required, disabled, readonly, autofocus, placeholder, options } = props;
  const { rawErrors, hideError, hideLabel, label, onChange, onBlur, onFocus } = props;
  const invalid = !hideError && Boolean(rawErrors?.length);
  return (
    <TextArea
      id={id}
      name={htmlName || id}
      value={value ?? ''}
      rows={typeof options.rows === 'number' ? options.rows : 4}
      fill
      required={required}
      disabled={disabled}
      readOnly={readonly}
      autoFocus={autofocus}
      placeholder={placeholder}
      intent={invalid ? 'danger' : undefined}
      aria-invalid={invalid || undefined}
      aria-label={hideLabel ? label : undefined}
      aria-describedby={ariaDescribedByIds(id)}
      onChange={(event) => onChange(event.target.value === '' ? options.emptyValue : event.target.value)}
      onBlur={(event) => onBlur(id, event.target.value)}
      onFocus={(event) => onFocus(id, event.target.value)}
    />
  );
}
