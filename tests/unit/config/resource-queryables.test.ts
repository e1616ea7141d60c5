import { describe, expect, it } from 'vitest';
import type { ResourceBody } from '../../../core/resources/resource.types';
import { resourceQueryable } from '../../../server/config/resource-queryables';

const body = {
  schema: {
    type: 'object',
    properties: {
      title: { type: 'string', maxLength: 100 },
      code: { type: 'string', pattern: '^[A-Z]{2}-[0-9]+$' },
      priority: { type: 'string', enum: ['low', 'high'] },
      due: { type: 'string', format: 'date' },
      email: { type: 'string', format: 'email' },
      points: { type: 'integer' },
    },
  },
  scope: 'organization',
  filterable: ['title', 'code', 'priority', 'due', 'email', 'points', 'createdAt', 'state'],
  sortable: ['title', 'due'],
  unique: [['code']],
} as unknown as ResourceBody;

describe('resourceQueryable', () => {
  it('indexes free text for contains and dates for ranges, from the schema and the system fields', () => {
    const fields = resourceQueryable(body);
    expect(fields.searchable).toEqual(['title', 'code']);
    expect(fields.ranged).toEqual(['due', 'createdAt']);
    // the scope's owner and the unique fields are filterable for the server's own look-ups
    expect(fields.filterable).toContain('organizationId');
    expect(fields.sortable).toEqual(['title', 'due']);
  });
});
