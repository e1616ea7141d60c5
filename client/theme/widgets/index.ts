import type { RegistryWidgetsType } from '@rjsf/utils';
import { AltDateTimeWidget } from './AltDateTimeWidget';
import { AltDateWidget } from './AltDateWidget';
import { CheckboxesWidget } from './CheckboxesWidget';
import { CheckboxWidget } from './CheckboxWidget';
import { ColorWidget } from './ColorWidget';
import { DateTimeWidget } from './DateTimeWidget';
import { DateWidget } from './DateWidget';
import { EmailWidget } from './EmailWidget';
import { FileWidget } from './FileWidget';
import { HiddenWidget } from './HiddenWidget';
import { PasswordWidget } from './PasswordWidget';
import { RadioWidget } from './RadioWidget';
import { RangeWidget } from './RangeWidget';
import { RatingWidget } from './RatingWidget';
import { SelectWidget } from './SelectWidget';
import { TextareaWidget } from './TextareaWidget';
import { TextWidget } from './TextWidget';
import { TimeWidget } from './TimeWidget';
import { UpDownWidget } from './UpDownWidget';
import { URLWidget } from './URLWidget';

/** Blueprint widgets by RJSF widget name: every widget RJSF's core theme has. */
export const widgets: RegistryWidgetsType = {
  AltDateTimeWidget,
  AltDateWidget,
  CheckboxesWidget,
  CheckboxWidget,
  ColorWidget,
  DateTimeWidget,
  DateWidget,
  EmailWidget,
  FileWidget,
  HiddenWidget,
  PasswordWidget,
  RadioWidget,
  RangeWidget,
  RatingWidget,
  SelectWidget,
  TextareaWidget,
  TextWidget,
  TimeWidget,
  UpDownWidget,
  URLWidget,
};
