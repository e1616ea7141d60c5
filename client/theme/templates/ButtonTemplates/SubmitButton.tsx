import { getSubmitButtonOptions, getUiOptions, type SubmitButtonProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import type { Text } from '../../../../core/documents/document.types';
import { resolveText } from '../../../i18n/text';
import { LoadingButton } from '../../../shell/LoadingButton';

/** The submit button: a LoadingButton that spins while the form context says it is submitting. */
export function SubmitButton({ uiSchema, registry }: SubmitButtonProps) {
  const { t, i18n } = useTranslation();
  const { norender, props } = getSubmitButtonOptions(uiSchema);
  if (norender) return null;
  // RJSF fills in an English 'Submit' when the document names no text: only a named one is a key or {en, tr}
  const named = (getUiOptions(uiSchema).submitButtonOptions as { submitText?: Text } | undefined)?.submitText;
  const submitting = registry.formContext?.submitting === true;
  return (
    <LoadingButton
      type="submit"
      intent="primary"
      fill
      className={props?.className}
      loading={submitting}
      disabled={props?.disabled}
      text={named ? resolveText(named, t, i18n.language) : t('forms.submit')}
    />
  );
}
