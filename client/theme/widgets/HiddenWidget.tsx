import type { WidgetProps } from '@rjsf/utils';

/** A value the form carries but does not show. */
export function HiddenWidget({ id, value, htmlName }: WidgetProps) {
  return <input type="hidden" id={id} name={htmlName || id} value={value === undefined ? '' : String(value)} />;
}
