import { FormGroup } from '@blueprintjs/core';
import './form.css';
import { descriptionId, errorId, type FieldTemplateProps, helpId } from '@rjsf/utils';
import { FieldTip } from '../../runtime/InfoTip';

/**
 * Every field as a Blueprint FormGroup: label tied to the input, a CSS '*' for required fields
 * (the label text stays the plain title; the input carries `required`), the
 * first error (intent danger) or else the description and help as helper text.
 */
export function FieldTemplate(props: FieldTemplateProps) {
  const {
    id,
    label,
    children,
    rawErrors,
    rawDescription,
    rawHelp,
    hidden,
    required,
    displayLabel,
    classNames,
    schema,
  } = props;
  if (hidden) return <div hidden>{children}</div>;
  // objects render their own children; a FormGroup around them would nest labels
  if (schema.type === 'object') return children;
  const errors = (rawErrors ?? []).filter(Boolean);
  const helper = errors.length ? (
    <span id={errorId(id)} role="alert">
      {errors[0]}
    </span>
  ) : rawDescription || rawHelp ? (
    <>
      {rawDescription && <span id={descriptionId(id)}>{rawDescription}</span>}
      {rawHelp && <span id={helpId(id)}>{rawHelp}</span>}
    </>
  ) : undefined;
  return (
    <FormGroup
      className={`${classNames ?? ''}${required ? ' rjsf-required' : ''}`}
      label={displayLabel ? label : undefined}
      subLabel={<FieldTip field={props} />}
      labelFor={id}
      helperText={helper}
      intent={errors.length ? 'danger' : 'none'}
    >
      {children}
    </FormGroup>
  );
}
