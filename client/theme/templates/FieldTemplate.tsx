import { type FieldTemplateProps, getTemplate, getUiOptions } from '@rjsf/utils';
import { FieldGroup } from '../../runtime/InfoTip';

/** Objects and arrays drawn by their own templates (fieldset, legend). */
function isContainer({ schema, displayLabel }: FieldTemplateProps): boolean {
  if (schema.type === 'object' || (schema.type === undefined && schema.properties)) return true;
  return schema.type === 'array' && !displayLabel; // a multi-select or file list is a plain field
}

/**
 * Every field inside WrapIfAdditionalTemplate. A plain field is a Blueprint FormGroup: the label
 * tied to the input (a CSS '*' marks required fields; the input carries `required`), the
 * description under the label, errors (intent danger) and help under the input. An object or
 * array follows its fieldset with the errors of the whole (oneOf, if/then, minItems…).
 */
export function FieldTemplate(props: FieldTemplateProps) {
  const { id, label, children, errors, help, description, rawErrors, rawDescription, rawHelp, hidden } = props;
  const { required, displayLabel, registry, uiSchema } = props;
  const uiOptions = getUiOptions(uiSchema);
  const WrapIfAdditionalTemplate = getTemplate('WrapIfAdditionalTemplate', registry, uiOptions);
  if (hidden) return <div hidden>{children}</div>;
  // no `errors` when hidden, or for a oneOf/anyOf whose chosen option's field shows them
  const invalid = errors !== undefined && (rawErrors ?? []).some(Boolean);
  if (isContainer(props)) {
    return (
      <WrapIfAdditionalTemplate {...props}>
        {children}
        {invalid && errors}
        {help}
      </WrapIfAdditionalTemplate>
    );
  }
  // a checkbox named by the widget itself shows its label beside the box
  const showLabel = displayLabel && uiOptions.widget !== 'checkbox';
  return (
    <WrapIfAdditionalTemplate {...props}>
      <FieldGroup
        field={props}
        className={required ? 'rjsf-required' : undefined}
        label={showLabel ? label : undefined}
        labelFor={id}
        subLabel={displayLabel && rawDescription ? description : undefined}
        helperText={
          invalid || rawHelp ? (
            <>
              {invalid && errors}
              {help}
            </>
          ) : undefined
        }
        intent={invalid ? 'danger' : undefined}
      >
        {children}
      </FieldGroup>
    </WrapIfAdditionalTemplate>
  );
}
