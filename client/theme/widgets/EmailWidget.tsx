import { getTemplate, type WidgetProps } from '@rjsf/utils';

/** A Blueprint input of type email. */
export function EmailWidget(props: WidgetProps) {
  const BaseInputTemplate = getTemplate('BaseInputTemplate', props.registry, props.options);
  return <BaseInputTemplate type="email" {...props} />;
}
