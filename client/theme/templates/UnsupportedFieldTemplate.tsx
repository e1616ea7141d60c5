import { Callout } from '@blueprintjs/core';
import { TranslatableString, type UnsupportedFieldProps } from '@rjsf/utils';
import { RichDescription } from '@rjsf/core';

// RJSF's messages carry markdown (`id`, _reason_); raw HTML stays text
const MARKDOWN = { 'ui:enableMarkdownInDescription': true };

/** A schema RJSF cannot render: a warning naming the field and the reason, and the schema itself. */
export function UnsupportedFieldTemplate({ schema, fieldPathId, reason, registry }: UnsupportedFieldProps) {
  const params: string[] = [];
  let message = TranslatableString.UnsupportedField;
  if (fieldPathId?.$id) {
    message = TranslatableString.UnsupportedFieldWithId;
    params.push(fieldPathId.$id);
  }
  if (reason) {
    message =
      message === TranslatableString.UnsupportedField
        ? TranslatableString.UnsupportedFieldWithReason
        : TranslatableString.UnsupportedFieldWithIdAndReason;
    params.push(reason);
  }
  return (
    <Callout intent="warning" className="rjsf-unsupported" compact>
      <RichDescription
        description={registry.translateString(message, params)}
        registry={registry}
        uiSchema={MARKDOWN}
      />
      {schema && <pre>{JSON.stringify(schema, null, 2)}</pre>}
    </Callout>
  );
}
