import { Text } from '@blueprintjs/core';
import { errorId, type FieldErrorProps } from '@rjsf/utils';

/** A field's (or a whole object's) errors in danger text, announced as they appear. */
export function FieldErrorTemplate({ errors = [], fieldPathId }: FieldErrorProps) {
  const shown = errors.filter(Boolean);
  if (shown.length === 0) return null;
  return (
    <div id={errorId(fieldPathId)} role="alert" className="rjsf-errors">
      {shown.map((error, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: errors have no identity of their own
        <Text key={index} tagName="div" className="rjsf-error">
          {error}
        </Text>
      ))}
    </div>
  );
}
