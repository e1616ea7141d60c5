import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { fireEvent, render, screen } from '@testing-library/react';
import { useMemo, useState } from 'react';
import { describe, expect, test } from 'vitest';
import { createFormValidator } from '../../client/forms/formValidator';
import { i18next } from '../../client/i18n/i18n';
import { DocumentForm } from '../../client/theme/DocumentForm';
import { compileContentSchema } from '../../core/documents/schema-compiler';

type Data = Record<string, unknown>;

/** A published form as its screen renders it: core's formErrors over ajv, messages from the catalogue. */
function PublishedLike({ schema, uiSchema = {} }: { schema: RJSFSchema; uiSchema?: UiSchema }) {
  const [formData, setFormData] = useState<Data>({});
  const validator = useMemo(() => {
    const validators = { main: compileContentSchema(schema), of: (one: unknown) => compileContentSchema(one as Data) };
    return createFormValidator({ title: 'x', schema }, validators, (code) => i18next.t(code));
  }, [schema]);
  return (
    <DocumentForm
      schema={schema}
      uiSchema={uiSchema}
      validator={validator}
      formData={formData}
      onChange={setFormData}
      onSubmit={() => {}}
    />
  );
}

const required = () => i18next.t('validation.required');
const submit = (container: HTMLElement) => fireEvent.submit(container.querySelector('form') as HTMLFormElement);
/** The error texts shown on the form as a whole (the root object's own errors). */
const formLevel = (container: HTMLElement) =>
  [...container.querySelectorAll('.rjsf-object--root > .rjsf-errors')].map((node) => node.textContent);

describe('schema problems shown on the field they are about', () => {
  test('a property dependency (a needs b) is shown at b, not on the form', () => {
    const schema: RJSFSchema = {
      type: 'object',
      properties: { a: { type: 'string', title: 'Card number' }, b: { type: 'string', title: 'Expiry' } },
      dependencies: { a: ['b'] },
    };
    const { container } = render(<PublishedLike schema={schema} />);
    fireEvent.change(screen.getByLabelText('Card number'), { target: { value: '4111' } });
    submit(container);
    const expiry = screen.getByLabelText('Expiry');
    expect(expiry).toHaveAttribute('aria-invalid', 'true');
    expect(expiry.closest('.bp6-form-group')).toHaveTextContent(required());
    expect(formLevel(container)).toEqual([]);
  });

  test('an if/then failure shows the then-field only, no stray form-level error', () => {
    const schema: RJSFSchema = {
      type: 'object',
      properties: { kind: { type: 'string', title: 'Kind', enum: ['person', 'company'] } },
      if: { properties: { kind: { const: 'company' } }, required: ['kind'] },
      then: { properties: { vat: { type: 'string', title: 'VAT number' } }, required: ['vat'] },
    };
    const { container } = render(<PublishedLike schema={schema} />);
    const company = screen.getByRole('option', { name: 'company' }) as HTMLOptionElement;
    fireEvent.change(screen.getByLabelText('Kind'), { target: { value: company.value } });
    submit(container);
    expect(screen.getByLabelText(/VAT number/).closest('.bp6-form-group')).toHaveTextContent(required());
    expect(container.querySelectorAll('.rjsf-error')).toHaveLength(1);
  });
});

describe('an impossible date', () => {
  test('the alternative date widget refuses 30 February once, in words, before and after a submit', () => {
    const schema: RJSFSchema = {
      type: 'object',
      properties: { signed: { type: 'string', format: 'date', title: 'Signed' } },
    };
    const uiSchema: UiSchema = { signed: { 'ui:widget': 'alt-date', 'ui:options': { yearsRange: [2023, 2025] } } };
    const { container } = render(<PublishedLike schema={schema} uiSchema={uiSchema} />);
    for (const [part, value] of [
      ['Year', '2023'],
      ['Month', '2'],
      ['Day', '30'],
    ]) {
      fireEvent.change(screen.getByLabelText(part), { target: { value } });
    }
    const impossible = i18next.t('validation.date');
    expect(screen.getAllByText(impossible)).toHaveLength(1);
    submit(container);
    expect(screen.getAllByText(impossible)).toHaveLength(1);
    expect(screen.getByLabelText('Day')).toHaveValue('30');
  });
});
