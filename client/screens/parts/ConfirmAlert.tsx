import { Alert, type AlertProps } from '@blueprintjs/core';
import { useId } from 'react';

/**
 * Blueprint's Alert named by its question: its alertdialog has no title, and Blueprint passes no
 * aria-label to it, so a screen reader announced a nameless dialog (WCAG 4.1.2). The message labels it.
 */
export function ConfirmAlert({ children, ...props }: AlertProps) {
  const messageId = useId();
  return (
    <Alert {...props} aria-labelledby={messageId}>
      <div id={messageId}>{children}</div>
    </Alert>
  );
}
