import { getTemplate, type WidgetProps } from '@rjsf/utils';
import { toLocalTime, toZonedTime } from './zonedTime';

/**
 * A time of day (input type time) stored with the browser's UTC offset, "10:30:00+03:00", which
 * format `time` accepts (RJSF's own widget stores "10:30:00", which ajv-formats 3 refuses).
 * Seconds are shown when `multipleOf` is under a minute or the stored time has them.
 */
export function TimeWidget(props: WidgetProps) {
  const { schema, value, onChange, options, registry } = props;
  const BaseInputTemplate = getTemplate('BaseInputTemplate', registry, options);
  const seconds = typeof schema.multipleOf === 'number' && schema.multipleOf < 60;
  return (
    <BaseInputTemplate
      type="time"
      step={seconds ? 1 : undefined}
      {...props}
      value={toLocalTime(value, seconds)}
      onChange={(local: string | undefined) => onChange(local ? toZonedTime(local) : undefined)}
    />
  );
}
