/** Request schemas of the assessments service `/maq/api` (docs/gateway/maq.md). */

const UUID = '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';
const ITEM = '^[A-Za-z][A-Za-z0-9_.-]{0,99}$';
const text = (maxLength: number) => ({ type: 'string', minLength: 1, maxLength, pattern: '\\S' });
const id = { type: 'string', minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9_.:-]+$' };

/** `:id` (an assessment), `:itemId`, `:sectionId`, `:role`, `:action`, `:merchantId`, `:thirdPartyId`, `:by`, `:groupId`. */
export const maqParamsSchema = {
  type: 'object',
  properties: {
    id: { type: 'string', pattern: UUID },
    itemId: { type: 'string', pattern: ITEM },
    sectionId: { type: 'string', pattern: ITEM },
    role: { enum: ['owner', 'assessor', 'assessee'] },
    action: { enum: ['invite', 'request', 'start', 'submit', 'sendBack', 'complete', 'reopen'] },
    merchantId: id,
    thirdPartyId: id,
    by: { enum: ['thirdParty', 'template'] },
    groupId: { type: 'string', maxLength: 120, pattern: '^(thirdParty|template)\\.[A-Za-z0-9_.:-]{1,100}$' },
  },
};

/** POST /maq/api/assessments (the form document `assessment-new` says the same to the browser). */
export const assessmentNewSchema = {
  type: 'object',
  required: ['name', 'templateId', 'thirdPartyId', 'assessorId', 'deadline'],
  additionalProperties: false,
  properties: {
    ownerId: id,
    name: text(200),
    alias: { type: 'string', maxLength: 100 },
    templateId: id,
    thirdPartyId: id,
    companyIds: { type: 'array', maxItems: 50, items: id },
    assessorId: id,
    deadline: { type: 'string', format: 'date' },
    group: { type: 'string', maxLength: 100 },
  },
};

/** PUT …/answers/:itemId: one answer (null clears it). */
export const assessmentAnswerSchema = {
  type: 'object',
  required: ['value'],
  additionalProperties: false,
  properties: { value: {}, step: { type: 'string', pattern: ITEM } },
};

/** POST …/submit (the questionnaire screen's Complete): continue-anyway is never granted, but allowed in the body. */
export const assessmentSubmitSchema = {
  type: 'object',
  additionalProperties: false,
  properties: { continueAnyway: { type: 'boolean' } },
};

/** POST …/actions/:action: `sendBack` may name the answers to fix and a note. */
export const assessmentActionSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    itemIds: { type: 'array', maxItems: 500, items: { type: 'string', pattern: ITEM } },
    note: { type: 'string', maxLength: 4000 },
  },
};

/** POST …/messages: a chat message, on the assessment or on one item. */
export const assessmentMessageSchema = {
  type: 'object',
  required: ['body'],
  additionalProperties: false,
  properties: { body: text(4000), itemId: { type: 'string', pattern: ITEM } },
};

/** POST …/companies: one more third party in the assessment. */
export const assessmentCompanySchema = {
  type: 'object',
  required: ['thirdPartyId'],
  additionalProperties: false,
  properties: { thirdPartyId: id },
};

/** POST …/items/:itemId/send-back: one answer back to fix, with the note the assessee reads (the form `assessment-send-back`). */
export const assessmentItemSendBackSchema = {
  type: 'object',
  required: ['note'],
  additionalProperties: false,
  properties: { note: text(4000) },
};
