import type { TemplatesType } from '@rjsf/utils';
import { AddButton } from './AddButton';
import { ClearButton, CopyButton, MoveDownButton, MoveUpButton, RemoveButton } from './ItemButtons';
import { SubmitButton } from './SubmitButton';

export const ButtonTemplates: TemplatesType['ButtonTemplates'] = {
  SubmitButton,
  AddButton,
  CopyButton,
  MoveDownButton,
  MoveUpButton,
  RemoveButton,
  ClearButton,
};
