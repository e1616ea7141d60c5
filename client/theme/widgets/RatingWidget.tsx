import { Radio, RadioGroup } from '@blueprintjs/core';
import type { WidgetProps } from '@rjsf/utils';

/**
 * A rating of 1–5 (or `minimum`..`maximum`, at most five) as a row of Blueprint radios drawn as
 * stars or hearts (`ui:options.shape`); each is named by its number for screen readers.
 */
export function RatingWidget(props: WidgetProps) {
  const { id, htmlName, value, disabled, readonly, schema, options, label, onChange, onBlur, onFocus } = props;
  const count = Math.min(Math.max(Number(schema.maximum ?? options.stars ?? 5), 1), 5);
  const min = typeof schema.minimum === 'number' ? schema.minimum : 1;
  const [full, empty] = options.shape === 'heart' ? ['♥', '♡'] : ['★', '☆'];
  const values = Array.from({ length: count }, (_, index) => min + index);
  return (
    <RadioGroup
      name={htmlName || id}
      className="rjsf-rating"
      inline
      aria-label={label}
      selectedValue={typeof value === 'number' ? String(value) : undefined}
      disabled={disabled || readonly}
      onChange={(event) => onChange(Number(event.currentTarget.value))}
    >
      {values.map((n) => (
        <Radio
          key={n}
          id={n === min ? id : `${id}-${n}`}
          value={String(n)}
          aria-label={String(n)}
          labelElement={<span aria-hidden="true">{typeof value === 'number' && n <= value ? full : empty}</span>}
          onBlur={() => onBlur(id, value)}
          onFocus={() => onFocus(id, value)}
        />
      ))}
    </RadioGroup>
  );
}
