import type { FieldTemplateProps, RJSFSchema, WidgetProps } from '@rjsf/utils';
import validator from '@rjsf/validator-ajv8';
import { fireEvent, render } from '@testing-library/react';
import { useState } from 'react';
import { beforeEach, describe, expect, test } from 'vitest';
import { Form } from '../../client/theme/Form';
import { templates } from '../../client/theme/templates';
import { widgets } from '../../client/theme/widgets';

const ThemeFieldTemplate = templates.FieldTemplate as (props: FieldTemplateProps) => React.JSX.Element;
const ThemeTextWidget = widgets.TextWidget as (props: WidgetProps) => React.JSX.Element;
let fields: Record<string, number> = {};
let inputs: Record<string, number> = {};

function CountingFieldTemplate(props: FieldTemplateProps) {
  fields[props.id] = (fields[props.id] ?? 0) + 1;
  return <ThemeFieldTemplate {...props} />;
}

function CountingTextWidget(props: WidgetProps) {
  inputs[props.id] = (inputs[props.id] ?? 0) + 1;
  return <ThemeTextWidget {...props} />;
}

const schema: RJSFSchema = {
  type: 'object',
  properties: {
    first: { type: 'string', title: 'First' },
    second: { type: 'string', title: 'Second' },
    amount: { type: 'number', title: 'Amount' },
    nested: { type: 'object', title: 'Nested', properties: { inner: { type: 'string', title: 'Inner' } } },
    tags: { type: 'array', title: 'Tags', items: { type: 'string' } },
  },
};

function Parent() {
  const [formData, setFormData] = useState<Record<string, unknown>>({ tags: ['a'] });
  return (
    <Form
      schema={schema}
      validator={validator}
      formData={formData}
      templates={{ FieldTemplate: CountingFieldTemplate }}
      widgets={{ TextWidget: CountingTextWidget }}
      onChange={(event) => setFormData(event.formData)}
    />
  );
}

/**
 * In the spirit of RJSF's renderStability test: typing in one field must re-render neither the
 * sibling fields nor their widgets, with our templates and widgets and a parent that owns the data.
 */
describe('render stability of the theme', () => {
  beforeEach(() => {
    fields = {};
    inputs = {};
  });

  test('typing in one field leaves its siblings, the nested object and the array alone', () => {
    const { container } = render(<Parent />);
    const before = { fields: { ...fields }, inputs: { ...inputs } };
    const first = container.querySelector('#root_first') as HTMLInputElement;
    for (const text of ['a', 'ab', 'abc']) fireEvent.change(first, { target: { value: text } });
    expect(first.value).toBe('abc');
    expect(inputs.root_first).toBeGreaterThan(before.inputs.root_first);
    for (const id of ['root_second', 'root_amount', 'root_nested_inner', 'root_tags_0']) {
      expect(inputs[id], id).toBe(before.inputs[id]);
    }
    for (const id of ['root_second', 'root_amount', 'root_nested', 'root_nested_inner', 'root_tags']) {
      expect(fields[id], id).toBe(before.fields[id]);
    }
  });

  test('typing a number leaves the text fields alone', () => {
    const { container } = render(<Parent />);
    const before = { ...inputs };
    fireEvent.change(container.querySelector('#root_amount') as HTMLInputElement, { target: { value: '12' } });
    expect(inputs.root_first).toBe(before.root_first);
    expect(inputs.root_nested_inner).toBe(before.root_nested_inner);
  });
});
