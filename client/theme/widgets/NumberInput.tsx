import { Button, Classes, ControlGroup, NumericInput } from '@blueprintjs/core';
import { MinusIcon, PlusIcon } from '@blueprintjs/icons';
import { ariaDescribedByIds, getSchemaType, rangeSpec, TranslatableString, type WidgetProps } from '@rjsf/utils';

// what a number may look like while it is being typed ('', '-', '1.', '1e') — letters never
const PARTIAL_NUMBER = /^[-+]?(\d+\.?\d*|\.\d*)?([eE][-+]?\d*)?$/;
const PARTIAL_INTEGER = /^[-+]?\d*$/;

const decimalsOf = (text: string) => (text.split(/[eE]/)[0].split('.')[1] ?? '').length;

/** `type: ['number', 'null']`: an emptied field means null, not absent. */
const isNullable = (type: unknown) => Array.isArray(type) && type.includes('null');

/**
 * A number or integer (nullable too) as a Blueprint NumericInput: keys that cannot make a number
 * are refused, phones show their numeric keyboard (`inputMode`), and what is typed goes to RJSF's
 * NumberField as text, which hands on a number ('1.' stays while typed). With `buttons`, a minus and
 * a plus button, each as tall as the input (WCAG 2.5.8: at least 24×24 px) and named in the user's
 * language, step by `multipleOf` (or 1).
 */
export function NumberInput(props: WidgetProps & { buttons?: boolean }) {
  const { id, htmlName, value, required, disabled, readonly, autofocus, placeholder, schema, options } = props;
  const { rawErrors, hideError, hideLabel, label, registry, onChange, onBlur, onFocus, buttons } = props;
  const integer = getSchemaType(schema) === 'integer';
  const empty = options.emptyValue ?? (isNullable(schema.type) ? null : undefined);
  const text = value === undefined || value === null ? '' : String(value);
  const { min, max, step } = rangeSpec(schema);
  const stepSize = typeof step === 'number' && step > 0 ? step : 1;
  // Blueprint rounds to the minor step's precision: keep every decimal the user typed
  const minorStepSize = integer ? null : Math.min(stepSize, 10 ** -Math.max(1, decimalsOf(text)));
  const invalid = !hideError && Boolean(rawErrors?.length);
  const change = (next: string) => {
    if ((integer ? PARTIAL_INTEGER : PARTIAL_NUMBER).test(next)) onChange(next === '' ? empty : next);
  };
  const stepBy = (direction: 1 | -1) => {
    const current = Number(text);
    const next = (Number.isFinite(current) ? current : 0) + direction * stepSize;
    const clamped = Math.min(max ?? Number.POSITIVE_INFINITY, Math.max(min ?? Number.NEGATIVE_INFINITY, next));
    onChange(Number(clamped.toFixed(Math.max(decimalsOf(String(stepSize)), decimalsOf(text)))));
  };
  const input = (
    <NumericInput
      id={id}
      name={htmlName || id}
      value={text}
      min={min}
      max={max}
      stepSize={stepSize}
      minorStepSize={minorStepSize}
      majorStepSize={stepSize * 10}
      buttonPosition="none"
      fill
      inputMode={integer ? 'numeric' : 'decimal'}
      required={required}
      disabled={disabled}
      readOnly={readonly}
      autoFocus={autofocus}
      placeholder={placeholder}
      intent={invalid ? 'danger' : undefined}
      aria-invalid={invalid || undefined}
      aria-label={hideLabel ? label : undefined}
      aria-describedby={ariaDescribedByIds(id)}
      onValueChange={(_number, asText) => change(asText)}
      onBlur={(event) => onBlur(id, event.target.value)}
      onFocus={(event) => onFocus(id, event.target.value)}
    />
  );
  if (!buttons) return input;
  const locked = disabled || readonly;
  return (
    <ControlGroup fill className="rjsf-updown">
      <Button
        className={`${Classes.FIXED} rjsf-updown__step`}
        icon={<MinusIcon />}
        aria-label={registry.translateString(TranslatableString.DecrementAriaLabel)}
        aria-controls={id}
        disabled={locked || (min !== undefined && text !== '' && Number(text) <= min)}
        onClick={() => stepBy(-1)}
      />
      {input}
      <Button
        className={`${Classes.FIXED} rjsf-updown__step`}
        icon={<PlusIcon />}
        aria-label={registry.translateString(TranslatableString.IncrementAriaLabel)}
        aria-controls={id}
        disabled={locked || (max !== undefined && Number(text) >= max)}
        onClick={() => stepBy(1)}
      />
    </ControlGroup>
  );
}
