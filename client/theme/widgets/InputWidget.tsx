import { InputGroup } from '@blueprintjs/core';
import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';
import type { ChangeEvent, FocusEvent } from 'react';

/** Text-like inputs (text, email, password, uri…) as a Blueprint InputGroup. */
function InputWidget(props: WidgetProps & { inputType: string }) {
  const { id, value, required, disabled, readonly, autofocus, placeholder, rawErrors, inputType, options } = props;
  const { onChange, onBlur, onFocus } = props;
  const emptyValue = options.emptyValue;
  return (
    <InputGroup
      id={id}
      name={props.htmlName ?? id}
      type={inputType}
      value={value ?? ''}
      required={required}
      disabled={disabled || readonly}
      autoFocus={autofocus}
      placeholder={placeholder}
      intent={rawErrors?.length ? 'danger' : 'none'}
      aria-invalid={rawErrors?.length ? true : undefined}
      aria-describedby={ariaDescribedByIds(id)}
      autoComplete={typeof options.autocomplete === 'string' ? options.autocomplete : undefined}
      onChange={(event: ChangeEvent<HTMLInputElement>) =>
        onChange(event.target.value === '' ? emptyValue : event.target.value)
      }
      onBlur={(event: FocusEvent<HTMLInputElement>) => onBlur(id, event.target.value)}
      onFocus={(event: FocusEvent<HTMLInputElement>) => onFocus(id, event.target.value)}
    />
  );
}

export function TextWidget(props: WidgetProps) {
  const type = typeof props.options.inputType === 'string' ? props.options.inputType : 'text';
  return <InputWidget {...props} inputType={type} />;
}

export function EmailWidget(props: WidgetProps) {
  return <InputWidget {...props} inputType="email" />;
}

export function PasswordWidget(props: WidgetProps) {
  return <InputWidget {...props} inputType="password" />;
}
