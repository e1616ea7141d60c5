import type { WidgetProps } from '@rjsf/utils';
import { NumberInput } from './NumberInput';

/** A number with up and down buttons (Blueprint NumericInput, buttons named in the user's language). */
export function UpDownWidget(props: WidgetProps) {
  return <NumberInput {...props} buttons />;
}
