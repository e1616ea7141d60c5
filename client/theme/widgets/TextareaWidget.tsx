import { TextArea } from '@blueprintjs/core';
import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';

/** Multi-line text as a Blueprint TextArea. */
export function TextareaWidget(props: WidgetProps) {
  const { id, value, required, disabled, readonly, autofocus, placeholder, rawErrors, options } = props;
  const rows = typeof options.rows === 'number' ? options.rows : 4;
  return (
    <TextArea
      id={id}
      name={props.htmlName ?? id}
      value={value ?? ''}
      rows={rows}
      fill
      required={required}
      disabled={disabled || readonly}
      autoFocus={autofocus}
      placeholder={placeholder}
      intent={rawErrors?.length ? 'danger' : 'none'}
      aria-describedby={ariaDescribedByIds(id)}
      onChange={(event) => props.onChange(event.target.value === '' ? options.emptyValue : event.target.value)}
      onBlur={(event) => props.onBlur(id, event.target.value)}
      onFocus={(event) => props.onFocus(id, event.target.value)}
    />
  );
}
