import type { RegistryWidgetsType } from '@rjsf/utils';
import { CheckboxWidget } from './CheckboxWidget';
import { EmailWidget, PasswordWidget, TextWidget } from './InputWidget';
import { RadioWidget } from './RadioWidget';
import { SelectWidget } from './SelectWidget';
import { TextareaWidget } from './TextareaWidget';

/** Blueprint widgets by RJSF widget name; anything else falls back to RJSF's defaults. */
export const widgets: RegistryWidgetsType = {
  TextWidget,
  EmailWidget,
  PasswordWidget,
  TextareaWidget,
  CheckboxWidget,
  SelectWidget,
  RadioWidget,
};
