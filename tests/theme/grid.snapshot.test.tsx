import { gridTests } from '@rjsf/snapshot-tests';
import type { UiSchema } from '@rjsf/utils';
import { Form } from '../../client/theme/Form';

// our GridTemplate: a row is twelve CSS grid tracks, a column spans `span` of them
const col = (span: number, children: unknown[], extra: Record<string, unknown> = {}) => ({
  'ui:col': { span, children, ...extra },
});
const columns = (span: number, children: unknown[]) => ({ 'ui:columns': { span, children } });
const row = (...children: unknown[]) => ({ 'ui:row': { children } });
const when = (value: string, children: unknown[]) => ({
  'ui:condition': { field: 'employment.job_type', value, operator: 'all', children },
});
const location = [col(8, ['employment.location.city']), col(4, ['employment.location.state'])];

const ComplexUiSchema: UiSchema = {
  'ui:field': 'LayoutGridField',
  'ui:layoutGrid': {
    'ui:row': [
      row(col(12, ['person'])),
      row(columns(4, ['person.name.first', 'person.name.middle', 'person.name.last'])),
      row(col(4, [{ name: 'person.birth_date', placeholder: '$lookup=PlaceholderText' }]), col(8, ['person.race'])),
      row(
        col(6, ['person.address']),
        col(6, ['employment']),
        when('company', [columns(6, ['employment.business', 'employment.title']), ...location]),
        when('education', [columns(4, ['employment.district', 'employment.school', 'employment.title']), ...location]),
        when('other', [col(12, [{ name: 'employment.description', rows: 6 }])]),
      ),
    ],
  },
  person: {
    'ui:field': 'LayoutHeaderField',
    race: { 'ui:options': { widget: 'checkboxes' } },
    address: {
      'ui:field': 'LayoutGridField',
      'ui:layoutGrid': {
        'ui:row': {
          children: [columns(12, ['line_1', 'line_2', 'city']), row(columns(6, ['state', 'postal_code']))],
        },
      },
    },
  },
  employment: { 'ui:options': { inline: true }, description: { 'ui:widget': 'textarea' } },
};

// RJSF's own grid suite, rendered with our Blueprint theme; snapshots in __snapshots__/
gridTests(Form, {
  ColumnWidthAll: { span: 12 },
  ColumnWidth4: { span: 4 },
  ColumnWidth6: { span: 6 },
  ColumnWidth8: { span: 8 },
  ComplexUiSchema,
});
