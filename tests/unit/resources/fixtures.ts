import type { ResourceBody } from '../../../core/resources/resource.types';
import type { WorkflowBody } from '../../../core/workflows/workflow.types';

/** A valid resource body for tests; each test spoils one part of a copy. */
export function mccResource(): ResourceBody {
  return {
    title: { en: 'MCC', tr: 'MCC' },
    schema: {
      type: 'object',
      required: ['code'],
      properties: {
        code: { type: 'string', pattern: '^[0-9]{4}$' },
        risk: { enum: ['low', 'high'] },
        owner: { type: 'object', properties: { email: { type: 'string' } } },
      },
    },
    scope: 'organization',
    guards: { list: null, read: null, create: { group: 'admin' }, update: { anyOf: ['mcc:edit'] }, delete: null },
    unique: [['code'], ['risk', 'owner.email']],
    filterable: ['code', 'risk', 'state', 'owner.email'],
    sortable: ['code', 'createdAt'],
    workflow: 'mcc-flow',
  };
}

export function mccWorkflow(): WorkflowBody {
  return {
    resource: 'mcc',
    field: 'state',
    initial: 'open',
    states: [
      { id: 'open', title: 'states.open' },
      { id: 'closed', title: 'states.closed', intent: 'success' },
      { id: 'archived', title: 'states.archived' },
    ],
    transitions: [
      {
        action: 'close',
        title: 'actions.close',
        from: ['open'],
        to: 'closed',
        when: { '!!': [{ var: 'record.code' }] },
      },
      {
        action: 'archive',
        title: 'actions.archive',
        from: ['open', 'closed'],
        to: 'archived',
        guard: { anyOf: ['admin'] },
      },
      {
        action: 'reopen',
        title: 'actions.reopen',
        from: ['closed'],
        to: 'open',
        when: { '==': [{ var: 'record.createdBy' }, { var: 'user.id' }] },
        effects: ['notifyCreator'],
      },
    ],
  };
}
