import { getSubmitButtonOptions, type SubmitButtonProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import { LoadingButton } from '../../shell/LoadingButton';

/** The submit button: a LoadingButton that spins while the form context says it is submitting. */
export function SubmitButton({ uiSchema, registry }: SubmitButtonProps) {
  const { t } = useTranslation();
  const { submitText, norender, props } = getSubmitButtonOptions(uiSchema);
  if (norender) return null;
  const submitting = registry.formContext?.submitting === true;
  return (
    <LoadingButton
      type="submit"
      intent="primary"
      fill
      loading={submitting}
      disabled={props?.disabled}
      text={submitText ? t(submitText) : t('forms.submit')}
    />
  );
}
