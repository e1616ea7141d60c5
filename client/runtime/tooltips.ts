import type { ReactNode } from 'react';

/**
 * PLACEHOLDER until the tooltips kind lands (issue 5 'tooltips'): the help text for a `data_id`,
 * ready to show in a popover, or undefined when there is none. Screens call it wherever a form
 * field, list column or page panel names a tooltip id; the tooltips renderer replaces this file.
 */
export function useTooltip(_id: string | undefined): ReactNode | undefined {
  return undefined;
}
