import { getTemplate, type WidgetProps } from '@rjsf/utils';

/** A string (or a number, which BaseInputTemplate gives a NumericInput) in a Blueprint input. */
export function TextWidget(props: WidgetProps) {
  const BaseInputTemplate = getTemplate('BaseInputTemplate', props.registry, props.options);
  return <BaseInputTemplate {...props} />;
}
