import { getTemplate, localToUTC, utcToLocal, type WidgetProps } from '@rjsf/utils';

/** A date and time in the browser's zone (datetime-local), stored as UTC ISO text (format date-time). */
export function DateTimeWidget(props: WidgetProps) {
  const BaseInputTemplate = getTemplate('BaseInputTemplate', props.registry, props.options);
  return (
    <BaseInputTemplate
      type="datetime-local"
      {...props}
      value={utcToLocal(props.value)}
      onChange={(local) => props.onChange(localToUTC(local))}
    />
  );
}
