import { getTemplate, type WidgetProps } from '@rjsf/utils';

/** A colour picker (input type color), disabled when read-only since a picker cannot be. */
export function ColorWidget(props: WidgetProps) {
  const BaseInputTemplate = getTemplate('BaseInputTemplate', props.registry, props.options);
  return <BaseInputTemplate type="color" {...props} disabled={props.disabled || props.readonly} />;
}
