import { getTemplate, type WidgetProps } from '@rjsf/utils';

/** A Blueprint input of type password. */
export function PasswordWidget(props: WidgetProps) {
  const BaseInputTemplate = getTemplate('BaseInputTemplate', props.registry, props.options);
  return <BaseInputTemplate type="password" {...props} />;
}
