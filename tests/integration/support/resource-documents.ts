import { expect } from 'vitest';
import { call } from './harness';

/** Creates a draft through the config API and publishes it, as an admin would; returns the answer. */
export async function publishDocument(base: string, token: string, kind: string, id: string, body: unknown) {
  const draft = await call(base, 'POST', `/config/v1/documents/${kind}/${id}/drafts`, { token, body: { body } });
  expect(draft.status, JSON.stringify(draft.body)).toBe(201);
  return call(base, 'POST', `/config/v1/documents/${kind}/${id}/versions/${draft.body.version}/publish`, { token });
}

/** publishDocument that must succeed. */
export async function published(base: string, token: string, kind: string, id: string, body: unknown) {
  const answer = await publishDocument(base, token, kind, id, body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
}

const text = (en: string, tr: string) => ({ en, tr });

/** Who may do what with tickets: owner and assessor (org-demo-vendor) and tm (org-demo-monitoring). */
const member = { anyOf: ['dashboard:view', 'assessmentOwner:view'] };

/** An organisation-scoped resource with a unique code and a workflow. */
export function ticketResource() {
  return {
    title: text('Tickets', 'Talepler'),
    schema: {
      type: 'object',
      required: ['title', 'code'],
      additionalProperties: false,
      properties: {
        title: { type: 'string', minLength: 1, maxLength: 100 },
        code: { type: 'string', pattern: '^[A-Za-z]{2}-[0-9]+$', 'x-messages': { pattern: 'validation.invalid' } },
        priority: { enum: ['low', 'medium', 'high'] },
        points: { type: 'integer', minimum: 0 },
      },
    },
    scope: 'organization',
    guards: { list: member, read: member, create: member, update: member, delete: { anyOf: ['dashboard:view'] } },
    unique: [['code']],
    filterable: ['code', 'priority', 'points', 'state', 'createdAt'],
    sortable: ['code', 'points', 'createdAt', 'title'],
    workflow: 'ticket-flow',
  };
}

export function ticketWorkflow() {
  return {
    resource: 'ticket',
    field: 'state',
    initial: 'open',
    states: [
      { id: 'open', title: text('Open', 'Açık'), intent: 'primary' },
      { id: 'closed', title: text('Closed', 'Kapalı'), intent: 'success' },
      { id: 'archived', title: text('Archived', 'Arşivlendi') },
    ],
    transitions: [
      { action: 'close', title: text('Close', 'Kapat'), from: ['open'], to: 'closed', effects: ['notifyCreator'] },
      {
        action: 'reopen',
        title: text('Reopen', 'Yeniden aç'),
        from: ['closed'],
        to: 'open',
        guard: { anyOf: ['assessmentAssessor:view'] },
      },
      {
        action: 'archive',
        title: text('Archive', 'Arşivle'),
        from: ['closed'],
        to: 'archived',
        when: { '!=': [{ var: 'record.priority' }, 'high'] },
        whenText: text(
          'Only a ticket that is not high priority can be archived.',
          'Yalnızca yüksek öncelikli olmayan bir kayıt arşivlenebilir.',
        ),
      },
    ],
  };
}
