import type { WidgetProps } from '@rjsf/utils';

/** AltDateWidget with hour, minute and second selects too. */
export function AltDateTimeWidget({ time = true, ...props }: WidgetProps) {
  const { AltDateWidget } = props.registry.widgets;
  return <AltDateWidget time={time} {...props} />;
}
