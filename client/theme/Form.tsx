import type RjsfForm from '@rjsf/core';
import { type FormProps, withTheme } from '@rjsf/core';
import { type ComponentProps, type Ref, useCallback, useRef } from 'react';
import { useFocusFirstInvalid } from './focusFirstInvalid';
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
 * A refused submit focuses the first invalid field, whether RJSF's validation or the server refused it.
 */
export function Form({ ref, ...props }: Props) {
  const { translateString, language } = useRjsfTranslator();
  const form = useRef<RjsfForm | null>(null);
  useFocusFirstInvalid(form, props.extraErrors);
  const keep = useCallback(
    (instance: RjsfForm | null) => {
      form.current = instance;
      setRef(ref as Ref<RjsfForm | null> | undefined, instance);
    },
    [ref],
  );
  return (
    <ThemedForm
      translateString={translateString}
      focusOnFirstError
      {...props}
      ref={keep}
      formContext={{ ...props.formContext, themeLanguage: language }}
    />
  );
}

function setRef<T>(ref: Ref<T> | undefined, value: T) {
  if (typeof ref === 'function') ref(value);
  else if (ref) ref.current = value;
}
