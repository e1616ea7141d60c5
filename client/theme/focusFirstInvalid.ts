import type Form from '@rjsf/core';
import type { ErrorSchema } from '@rjsf/utils';
import { type RefObject, useEffect } from 'react';

/**
 * After the server refused a submit (a 422's field errors, shown as extraErrors), focus goes to the
 * first field marked invalid, as RJSF's focusOnFirstError does for its own validation (WCAG 3.3.1):
 * otherwise focus stayed on the submit button, or fell to the page when it re-rendered.
 */
export function useFocusFirstInvalid(form: RefObject<Form | null>, extraErrors: ErrorSchema | undefined): void {
  useEffect(() => {
    if (!extraErrors || Object.keys(extraErrors).length === 0) return;
    // the fields take the errors in the form's own update after this render: look once it is painted
    const frame = window.requestAnimationFrame(() => {
      const element = form.current?.formElement.current as HTMLFormElement | null | undefined;
      element?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
    });
    return () => window.cancelAnimationFrame(frame);
  }, [form, extraErrors]);
}
