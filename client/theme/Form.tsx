import { type FormProps, withTheme } from '@rjsf/core';
import type { ComponentProps } from 'react';
import { templates } from './templates';
import { useRjsfTranslator } from './useRjsfTranslator';
import { widgets } from './widgets';
import './theme.css';

/** RJSF's Form with our Blueprint 6 widgets and templates (no registry package fits Blueprint 6). */
const ThemedForm = withTheme({ widgets, templates });

type Props = FormProps & Pick<ComponentProps<typeof ThemedForm>, 'ref'>;

/**
 * The themed form, RJSF's own strings in the user's language unless the caller brings its own.
 * RJSF compares props by value and takes every function as equal, so the language also rides in
 * the form context: a switch re-renders the fields; anything else leaves unchanged fields alone.
 */
export function Form(props: Props) {
  const { translateString, language } = useRjsfTranslator();
  return (
    <ThemedForm
      translateString={translateString}
      {...props}
      formContext={{ ...props.formContext, themeLanguage: language }}
    />
  );
}
