import type { IChangeEvent } from '@rjsf/core';
import type { RJSFSchema } from '@rjsf/utils';
import validator from '@rjsf/validator-ajv8';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { Form } from '../../client/theme/Form';

function renderForm(schema: RJSFSchema, formData?: unknown) {
  const onChange = vi.fn<(event: IChangeEvent) => void>();
  const view = render(
    <Form
      schema={schema}
      formData={formData}
      validator={validator}
      onChange={onChange}
      onError={() => undefined /* shown on the fields */}
      showErrorList="top"
    />,
  );
  const submit = () => fireEvent.submit(view.container.querySelector('form') as HTMLFormElement);
  return { ...view, submit, lastData: () => onChange.mock.lastCall?.[0].formData };
}

describe('additionalProperties', () => {
  const labels: RJSFSchema = { type: 'object', title: 'Labels', additionalProperties: { type: 'string' } };

  test('a property is added, renamed by its key input and removed', () => {
    const form = renderForm(labels, { team: 'payments' });
    fireEvent.click(screen.getByRole('button', { name: 'Add property' }));
    expect(form.lastData()).toEqual({ team: 'payments', newKey: 'New Value' });
    const key = screen.getByLabelText('newKey key');
    fireEvent.blur(key, { target: { value: 'owner' } });
    expect(form.lastData()).toEqual({ team: 'payments', owner: 'New Value' });
    const row = (screen.getByLabelText('owner key').closest('.rjsf-additional') as HTMLElement) ?? undefined;
    fireEvent.click(within(row).getByRole('button', { name: 'Remove' }));
    expect(form.lastData()).toEqual({ team: 'payments' });
  });
});

describe('errors of a whole object', () => {
  test('a oneOf error is shown inside the object it belongs to', () => {
    const schema: RJSFSchema = {
      type: 'object',
      properties: {
        contact: {
          type: 'object',
          title: 'Contact',
          properties: { email: { type: 'string', title: 'E-mail' }, phone: { type: 'string', title: 'Phone' } },
          oneOf: [{ required: ['email'] }, { required: ['phone'] }],
        },
      },
    };
    const form = renderForm(schema, { contact: { email: 'a@b.c', phone: '123' } });
    form.submit();
    // after the object's card and its option selector, inside the object's field
    const field = screen.getByRole('group', { name: 'Contact' }).closest('.rjsf-field') as HTMLElement;
    expect(field).toHaveClass('rjsf-field-error');
    expect(within(field).getByRole('alert')).toHaveTextContent('must match exactly one schema in oneOf');
    expect(within(field).getByRole('alert')).toHaveAttribute('id', 'root_contact__error');
  });

  test('if/then: the missing field is highlighted and the object names the broken rule', () => {
    const schema: RJSFSchema = {
      type: 'object',
      title: 'Address',
      properties: { country: { type: 'string', title: 'Country' }, postcode: { type: 'string', title: 'Postcode' } },
      if: { properties: { country: { const: 'TR' } }, required: ['country'] },
      then: { required: ['postcode'] },
    };
    const form = renderForm(schema, { country: 'TR' });
    form.submit();
    const postcode = screen.getByLabelText('Postcode');
    expect(postcode).toHaveAttribute('aria-invalid', 'true');
    expect(postcode.closest('.bp6-form-group')).toHaveClass('bp6-intent-danger');
    const address = screen.getByRole('group', { name: 'Address' }).closest('.rjsf-field') as HTMLElement;
    expect(
      within(address)
        .getAllByRole('alert')
        .map((alert) => alert.textContent),
    ).toContain('must match "then" schema');
  });

  test('a property dependency highlights the field it asks for', () => {
    const schema: RJSFSchema = {
      type: 'object',
      properties: { card: { type: 'string', title: 'Card' }, billing: { type: 'string', title: 'Billing address' } },
      dependencies: { card: ['billing'] },
    };
    const form = renderForm(schema, { card: '4111' });
    form.submit();
    const billing = screen.getByLabelText('Billing address');
    expect(billing).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Card')).not.toHaveAttribute('aria-invalid');
    expect(billing.closest('.bp6-form-group')).toHaveTextContent(/must have property billing/);
  });
});
