import type { IChangeEvent } from '@rjsf/core';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import validator from '@rjsf/validator-ajv8';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { i18next, loadLanguage } from '../../client/i18n/i18n';
import { Form } from '../../client/theme/Form';

/** Renders the themed form and records every change and submit. */
function renderForm(schema: RJSFSchema, uiSchema: UiSchema = {}, formData?: unknown) {
  const onChange = vi.fn<(event: IChangeEvent) => void>();
  const onSubmit = vi.fn<(event: IChangeEvent) => void>();
  const onError = vi.fn();
  const view = render(
    <Form
      schema={schema}
      uiSchema={uiSchema}
      formData={formData}
      validator={validator}
      onChange={onChange}
      onSubmit={onSubmit}
      onError={onError}
    />,
  );
  const lastData = () => onChange.mock.lastCall?.[0].formData;
  const submit = () => fireEvent.submit(view.container.querySelector('form') as HTMLFormElement);
  return { ...view, onChange, onSubmit, onError, lastData, submit };
}

const colours: RJSFSchema = {
  type: 'array',
  title: 'Colours',
  uniqueItems: true,
  items: { type: 'string', enum: ['red', 'green', 'blue'] },
};

describe('choosing several values of an enum (uniqueItems)', () => {
  test('the default widget is a multi-select: two values chosen, the form validates', () => {
    const form = renderForm(colours);
    const select = screen.getByLabelText('Colours') as HTMLSelectElement;
    expect(select.multiple).toBe(true);
    for (const option of Array.from(select.options)) option.selected = option.text !== 'green';
    fireEvent.change(select);
    expect(form.lastData()).toEqual(['red', 'blue']);
    form.submit();
    expect(form.onError).not.toHaveBeenCalled();
    expect(form.onSubmit.mock.lastCall?.[0].formData).toEqual(['red', 'blue']);
  });

  test('the checkboxes widget ticks and unticks Blueprint checkboxes', () => {
    const form = renderForm(colours, { 'ui:widget': 'checkboxes' });
    const group = screen.getByRole('group', { name: 'Colours' });
    fireEvent.click(within(group).getByLabelText('blue'));
    fireEvent.click(within(group).getByLabelText('red'));
    expect(form.lastData()).toEqual(['red', 'blue']);
    fireEvent.click(within(group).getByLabelText('blue'));
    expect(form.lastData()).toEqual(['red']);
    expect(within(group).getByLabelText('red').closest('label')).toHaveClass('bp6-checkbox');
  });
});

describe('numbers', () => {
  const age: RJSFSchema = { type: 'object', properties: { age: { type: 'integer', title: 'Age', minimum: 0 } } };

  test('a number field refuses letters and hands on numbers', () => {
    const form = renderForm({ type: 'object', properties: { price: { type: 'number', title: 'Price' } } });
    const input = screen.getByLabelText('Price') as HTMLInputElement;
    // a letter key is refused before it reaches the input
    expect(fireEvent.keyPress(input, { key: 'a', charCode: 97 })).toBe(false);
    fireEvent.change(input, { target: { value: 'abc' } });
    expect(input.value).toBe('');
    expect(form.lastData()?.price).toBeUndefined();
    fireEvent.change(input, { target: { value: '12.5' } });
    expect(form.lastData()).toEqual({ price: 12.5 });
    expect(input.value).toBe('12.5');
  });

  test('the up/down widget steps with buttons named in the user language and respects the minimum', () => {
    const form = renderForm(age, { age: { 'ui:widget': 'updown' } }, { age: 0 });
    const down = screen.getByRole('button', { name: 'Decrease value by one step' });
    expect(down).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Increase value by one step' }));
    expect(form.lastData()).toEqual({ age: 1 });
    expect(screen.getByLabelText('Age')).toHaveValue('1');
  });

  test('number and integer fields ask phones for a numeric keyboard', () => {
    renderForm({
      type: 'object',
      properties: { price: { type: 'number', title: 'Price' }, count: { type: 'integer', title: 'Count' } },
    });
    expect(screen.getByLabelText('Price')).toHaveAttribute('inputmode', 'decimal');
    expect(screen.getByLabelText('Count')).toHaveAttribute('inputmode', 'numeric');
  });

  test('a nullable number gets the same numeric input, and emptying it gives null', () => {
    const form = renderForm(
      { type: 'object', properties: { limit: { type: ['number', 'null'], title: 'Limit' } } },
      {},
      { limit: 5 },
    );
    const input = screen.getByLabelText('Limit') as HTMLInputElement;
    expect(input).toHaveAttribute('inputmode', 'decimal');
    expect(fireEvent.keyPress(input, { key: 'a', charCode: 97 })).toBe(false);
    fireEvent.change(input, { target: { value: '7.5' } });
    expect(form.lastData()).toEqual({ limit: 7.5 });
    fireEvent.change(input, { target: { value: '' } });
    expect(form.lastData()).toEqual({ limit: null });
    form.submit();
    expect(form.onError).not.toHaveBeenCalled();
  });

  test('the up/down steppers are side by side at full input height, not two half-height halves', () => {
    renderForm(age, { age: { 'ui:widget': 'updown' } }, { age: 3 });
    const steppers = [
      screen.getByRole('button', { name: 'Decrease value by one step' }),
      screen.getByRole('button', { name: 'Increase value by one step' }),
    ];
    for (const button of steppers) {
      // a vertical group shares the input's 30 px height between two buttons (about 30×15 each)
      expect(button.closest('.bp6-vertical')).toBeNull();
      expect(button).toHaveClass('rjsf-updown__step');
    }
  });

  test('an integer field refuses a decimal point', () => {
    const form = renderForm(age);
    fireEvent.change(screen.getByLabelText('Age'), { target: { value: '4.5' } });
    expect(form.lastData()?.age).toBeUndefined();
    fireEvent.change(screen.getByLabelText('Age'), { target: { value: '45' } });
    expect(form.lastData()).toEqual({ age: 45 });
  });
});

describe('time of day', () => {
  test('the time widget stores a zone-qualified time that format `time` accepts', () => {
    const schema: RJSFSchema = {
      type: 'object',
      properties: { opens: { type: 'string', format: 'time', title: 'Opens' } },
    };
    const form = renderForm(schema);
    fireEvent.change(screen.getByLabelText('Opens'), { target: { value: '10:30' } });
    const stored = form.lastData()?.opens as string;
    expect(stored).toMatch(/^10:30:00(Z|[+-]\d{2}:\d{2})$/);
    expect(validator.validateFormData({ opens: stored }, schema).errors).toEqual([]);
    expect(screen.getByLabelText('Opens')).toHaveValue('10:30');
  });
});

describe('the alternative date widget', () => {
  const signed: RJSFSchema = {
    type: 'object',
    properties: { signed: { type: 'string', format: 'date', title: 'Signed' } },
  };
  const altDate: UiSchema = { signed: { 'ui:widget': 'alt-date', 'ui:options': { yearsRange: [2020, 2030] } } };
  const pick = (part: string, value: string) => fireEvent.change(screen.getByLabelText(part), { target: { value } });
  const impossible = () => i18next.t('validation.date');

  test('30 February is refused with a translated message and stays as chosen, never 2 March', () => {
    const form = renderForm(signed, altDate);
    pick('Year', '2024');
    pick('Month', '2');
    pick('Day', '30');
    expect(form.lastData()?.signed).toBe('2024-02-30');
    expect(screen.getByLabelText('Month')).toHaveValue('2');
    expect(screen.getByLabelText('Day')).toHaveValue('30');
    expect(screen.getByRole('alert')).toHaveTextContent(impossible());
    form.submit();
    expect(form.onSubmit).not.toHaveBeenCalled();
    expect(form.onError).toHaveBeenCalled();
  });

  test('a real date is handed on as it is, with no message', () => {
    const form = renderForm(signed, altDate, { signed: '2024-02-30' });
    expect(screen.getByLabelText('Day')).toHaveValue('30');
    pick('Day', '29');
    expect(form.lastData()?.signed).toBe('2024-02-29');
    expect(screen.queryByText(impossible())).toBeNull();
  });
});

describe('RJSF strings in the user language', () => {
  afterEach(async () => {
    await act(() => i18next.changeLanguage('en'));
  });

  test('array buttons are labelled Blueprint buttons, in Turkish after a language switch', async () => {
    renderForm({ type: 'array', title: 'Tags', items: { type: 'string' } }, {}, ['a', 'b']);
    expect(screen.getByRole('button', { name: 'Add item' })).toHaveClass('bp6-button');
    expect(screen.getAllByRole('button', { name: 'Remove' })).toHaveLength(2);
    expect(screen.getAllByRole('button', { name: 'Move down' })[0].querySelector('svg')).not.toBeNull();
    await loadLanguage('tr');
    await act(() => i18next.changeLanguage('tr'));
    expect(screen.getByRole('button', { name: 'Öğe ekle' })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Kaldır' })).toHaveLength(2);
  });

  test('adding and removing array items works through those buttons', () => {
    const form = renderForm({ type: 'array', title: 'Tags', items: { type: 'string' } }, {}, ['a', 'b']);
    fireEvent.click(screen.getAllByRole('button', { name: 'Move down' })[0]);
    expect(form.lastData()).toEqual(['b', 'a']);
    fireEvent.click(screen.getAllByRole('button', { name: 'Remove' })[1]);
    expect(form.lastData()).toEqual(['b']);
    fireEvent.click(screen.getByRole('button', { name: 'Add item' }));
    expect(form.lastData()).toHaveLength(2);
  });
});

describe('titles, descriptions and booleans', () => {
  test('the root title and description are shown, and a boolean is a Blueprint switch when asked', () => {
    renderForm(
      {
        type: 'object',
        title: 'Merchant',
        description: 'Who takes the cards',
        properties: { active: { type: 'boolean', title: 'Active' } },
      },
      { active: { 'ui:options': { switch: true } } },
    );
    const root = screen.getByRole('group', { name: 'Merchant' });
    expect(within(root).getByText('Who takes the cards')).toBeInTheDocument();
    expect(screen.getByLabelText('Active').closest('label')).toHaveClass('bp6-switch');
  });
});
