import { Classes } from '@blueprintjs/core';
import { RichDescription } from '@rjsf/core';
import type { DescriptionFieldProps } from '@rjsf/utils';

/** A field's description in muted text (markdown when the uiSchema enables it). */
export function DescriptionFieldTemplate({ id, description, registry, uiSchema }: DescriptionFieldProps) {
  if (!description) return null;
  return (
    <div id={id} className={`${Classes.TEXT_MUTED} rjsf-description`}>
      <RichDescription description={description} registry={registry} uiSchema={uiSchema} />
    </div>
  );
}
