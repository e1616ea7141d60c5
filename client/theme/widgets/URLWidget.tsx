import { getTemplate, type WidgetProps } from '@rjsf/utils';

/** A Blueprint input of type url. */
export function URLWidget(props: WidgetProps) {
  const BaseInputTemplate = getTemplate('BaseInputTemplate', props.registry, props.options);
  return <BaseInputTemplate type="url" {...props} />;
}
