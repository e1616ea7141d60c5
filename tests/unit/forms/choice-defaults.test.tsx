// @vitest-environment jsdom
import validator from '@rjsf/validator-ajv8';
import { cleanup, render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DocumentForm } from '../../../client/theme/DocumentForm';

afterEach(cleanup);

// RJSF takes the first `oneOf` const of a field as its value unless told not to: a report form would ask
// for one merchant instead of the portfolio, an SAQ go to whichever bank came first.
describe('a field with choices', () => {
  it('starts empty unless it has a default', async () => {
    const onChange = vi.fn();
    const choices = [
      { const: 'bank-a', title: 'Bank A' },
      { const: 'bank-b', title: 'Bank B' },
    ];
    render(
      <DocumentForm
        schema={{
          type: 'object',
          required: ['bankId'],
          properties: {
            kind: {
              type: 'string',
              default: 'portfolioRisk',
              oneOf: [{ const: 'complianceStatus' }, { const: 'portfolioRisk' }],
            },
            bankId: { type: 'string', oneOf: choices },
            merchantId: { type: 'string', oneOf: choices },
          },
        }}
        uiSchema={{}}
        validator={validator}
        formData={{}}
        onChange={onChange}
        onSubmit={() => {}}
      />,
    );
    await waitFor(() => expect(onChange).toHaveBeenCalled());
    expect(onChange.mock.calls.at(-1)?.[0]).toEqual({ kind: 'portfolioRisk' });
  });
});
