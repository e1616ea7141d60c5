import { RichHelp } from '@rjsf/core';
import { type FieldHelpProps, helpId } from '@rjsf/utils';

/** A field's help text, shown under the input (Blueprint helper text). */
export function FieldHelpTemplate({ fieldPathId, help, uiSchema, registry }: FieldHelpProps) {
  if (!help) return null;
  return (
    <div id={helpId(fieldPathId)} className="rjsf-help">
      <RichHelp help={help} registry={registry} uiSchema={uiSchema} />
    </div>
  );
}
