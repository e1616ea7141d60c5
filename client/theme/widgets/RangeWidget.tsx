import { Slider } from '@blueprintjs/core';
import { rangeSpec, type WidgetProps } from '@rjsf/utils';

/** A number within `minimum`..`maximum` as a Blueprint Slider (0..100 when the schema names no range). */
export function RangeWidget(props: WidgetProps) {
  const { id, value, disabled, readonly, schema, label, onChange } = props;
  const { min = 0, max = 100, step } = rangeSpec(schema);
  const stepSize = typeof step === 'number' && step > 0 ? step : 1;
  const current = typeof value === 'number' ? value : min;
  return (
    <div id={id} className="rjsf-range">
      <Slider
        min={min}
        max={max}
        stepSize={stepSize}
        labelStepSize={max - min}
        value={current}
        disabled={disabled || readonly}
        onChange={onChange}
        handleHtmlProps={{ 'aria-label': label }}
      />
    </div>
  );
}
