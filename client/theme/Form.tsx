import { withTheme } from '@rjsf/core';
import { templates } from './templates';
import { widgets } from './widgets';

/** RJSF's Form with our Blueprint 6 widgets and templates (no registry package fits Blueprint 6). */
export const Form = withTheme({ widgets, templates });
