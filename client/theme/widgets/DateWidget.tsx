import { getTemplate, type WidgetProps } from '@rjsf/utils';

/** A Blueprint input of type date. */
export function DateWidget(props: WidgetProps) {
  const BaseInputTemplate = getTemplate('BaseInputTemplate', props.registry, props.options);
  return <BaseInputTemplate type="date" {...props} />;
}
