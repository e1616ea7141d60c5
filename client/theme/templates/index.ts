import type { TemplatesType } from '@rjsf/utils';
import { ArrayFieldDescriptionTemplate } from './ArrayFieldDescriptionTemplate';
import { ArrayFieldItemButtonsTemplate } from './ArrayFieldItemButtonsTemplate';
import { ArrayFieldItemTemplate } from './ArrayFieldItemTemplate';
import { ArrayFieldTemplate } from './ArrayFieldTemplate';
import { ArrayFieldTitleTemplate } from './ArrayFieldTitleTemplate';
import { BaseInputTemplate } from './BaseInputTemplate';
import { ButtonTemplates } from './ButtonTemplates';
import { CyclicSchemaExpandTemplate } from './CyclicSchemaExpandTemplate';
import { DescriptionFieldTemplate } from './DescriptionFieldTemplate';
import { ErrorListTemplate } from './ErrorListTemplate';
import { FieldErrorTemplate } from './FieldErrorTemplate';
import { FieldHelpTemplate } from './FieldHelpTemplate';
import { FieldTemplate } from './FieldTemplate';
import { GridTemplate } from './GridTemplate';
import { MultiSchemaFieldTemplate } from './MultiSchemaFieldTemplate';
import { ObjectFieldTemplate } from './ObjectFieldTemplate';
import { OptionalDataControlsTemplate } from './OptionalDataControlsTemplate';
import { TitleFieldTemplate } from './TitleFieldTemplate';
import { UnsupportedFieldTemplate } from './UnsupportedFieldTemplate';
import { WrapIfAdditionalTemplate } from './WrapIfAdditionalTemplate';

/** Blueprint templates by RJSF template name: every template RJSF's core theme has. */
export const templates: Partial<TemplatesType> = {
  ArrayFieldDescriptionTemplate,
  ArrayFieldItemButtonsTemplate,
  ArrayFieldItemTemplate,
  ArrayFieldTemplate,
  ArrayFieldTitleTemplate,
  BaseInputTemplate,
  ButtonTemplates,
  CyclicSchemaExpandTemplate,
  DescriptionFieldTemplate,
  ErrorListTemplate,
  FieldErrorTemplate,
  FieldHelpTemplate,
  FieldTemplate,
  GridTemplate,
  MultiSchemaFieldTemplate,
  ObjectFieldTemplate,
  OptionalDataControlsTemplate,
  TitleFieldTemplate,
  UnsupportedFieldTemplate,
  WrapIfAdditionalTemplate,
};
