import { Classes } from '@blueprintjs/core';
import type { TitleFieldProps } from '@rjsf/utils';

/** The title of an object or array: the legend of its fieldset, styled as a Blueprint heading. */
export function TitleFieldTemplate({ id, title, required, optionalDataControl }: TitleFieldProps) {
  return (
    <legend id={id} className={`${Classes.HEADING} rjsf-title${required ? ' rjsf-title--required' : ''}`}>
      {title}
      {optionalDataControl && <span className="rjsf-title__control">{optionalDataControl}</span>}
    </legend>
  );
}
