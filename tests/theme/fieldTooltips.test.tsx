import type { RJSFSchema } from '@rjsf/utils';
import validator from '@rjsf/validator-ajv8';
import { render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, test } from 'vitest';
import { i18next } from '../../client/i18n/i18n';
import { queryClient } from '../../client/lib/queryClient';
import { tooltipsKey } from '../../client/runtime/tooltips';
import { DocumentForm } from '../../client/theme/DocumentForm';
import { tipsById } from '../../core/tooltips/tooltip.utils';

const schema: RJSFSchema = {
  type: 'object',
  properties: {
    name: { type: 'string', title: 'Name' },
    address: { type: 'object', title: 'Address', properties: { name: { type: 'string', title: 'Building' } } },
  },
};

/** A form document with the id `formId`, as its screen renders it. */
function FormDocument({ formId }: { formId: string }) {
  return (
    <section aria-label={formId}>
      <DocumentForm
        formId={formId}
        schema={schema}
        uiSchema={{}}
        validator={validator}
        formData={{}}
        onChange={() => {}}
        onSubmit={() => {}}
      />
    </section>
  );
}

const infoButton = (label: string) => ({ name: i18next.t('tooltips.about', { label }) });

describe('a form field shows the tip of its own place in its own form', () => {
  beforeEach(() => {
    const tip = (text: string) => ({ en: text, tr: text });
    queryClient.setQueryData(
      tooltipsKey,
      tipsById([
        { data_id: 'profile#/name', data: tip('Your name as colleagues see it') },
        { data_id: 'name', data: tip('A bare property name attaches nowhere') },
      ]),
    );
  });

  test("the profile's name has its tip; another form's name and a nested name do not", () => {
    render(
      <>
        <FormDocument formId="profile" />
        <FormDocument formId="merchant-general" />
      </>,
    );
    const profile = within(screen.getByRole('region', { name: 'profile' }));
    const merchant = within(screen.getByRole('region', { name: 'merchant-general' }));
    expect(profile.getByRole('button', infoButton('Name'))).toBeInTheDocument();
    expect(profile.queryByRole('button', infoButton('Building'))).toBeNull();
    expect(merchant.queryByRole('button', infoButton('Name'))).toBeNull();
  });
});
