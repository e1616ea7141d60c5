import type { TemplatesType } from '@rjsf/utils';
import { ErrorList } from './ErrorList';
import { FieldTemplate } from './FieldTemplate';
import { ObjectFieldTemplate } from './ObjectFieldTemplate';
import { SubmitButton } from './SubmitButton';

/** Blueprint templates by RJSF template name; the rest stay RJSF's defaults. */
export const templates: Partial<TemplatesType> = {
  FieldTemplate,
  ObjectFieldTemplate,
  ErrorListTemplate: ErrorList,
  ButtonTemplates: { SubmitButton } as TemplatesType['ButtonTemplates'],
};
