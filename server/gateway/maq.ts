import express, { type NextFunction, type Request, type Response, type Router } from 'express';
import type { AssessmentRole } from '../../core/assessments/assessment.types';
import type { SortKey } from '../../core/query/query.types';
import { authenticate, requireAuth } from '../auth/authenticate';
import { guardSubject, requireGuard } from '../auth/require-guard';
import { publishedRoleGroups } from '../auth/role-groups';
import type { AppContext } from '../context';
import { asLanguage, requestLanguage } from '../http/i18n';
import { listQueryOf } from '../http/list-query';
import { validate, validateParams } from '../http/validate';
import type { Services } from '../services';
import type { AssessmentAction } from '../services/assessment-flow';
import type { AssessmentCaller } from '../services/assessment-policy';
import { ASSESSMENT_FIELDS, ITEM_FIELDS, NEWEST_FIRST } from '../services/assessment-views';
import { GROUP_FIELDS, type GroupBy, PORTFOLIO_FIELDS } from '../services/assessment-overviews.service';
import { organizationOf } from '../auth/memberships';
import { heldBy } from '../auth/user-groups';
import {
  assessmentActionSchema,
  assessmentAnswerSchema,
  assessmentCompanySchema,
  assessmentItemSendBackSchema,
  assessmentMessageSchema,
  assessmentNewSchema,
  assessmentSubmitSchema,
  maqParamsSchema,
} from './maq-schemas';
import { readWorkbookUpload, sendWorkbook, uploadedWorkbook, workbookQuery } from './workbook-http';
import { aggregatable } from './aggregatable';

const BY_NAME: SortKey[] = [{ field: 'name', direction: 'asc' }];

/** The caller of a request: guard subject and role groups for the workflow, the session's organisation, the language. */
export async function assessmentCaller(ctx: AppContext, req: Request): Promise<AssessmentCaller> {
  const auth = requireAuth(req);
  const { user } = auth;
  return {
    subject: await guardSubject(ctx, auth),
    roleGroups: publishedRoleGroups(ctx),
    user: { id: user.id, ...(await heldBy(ctx, auth)), organizationId: organizationOf(auth) },
    record: user,
    language: requestLanguage(req),
  };
}

/**
 * Assessments `/maq/api` (docs/gateway/maq.md): every call needs one of the
 * three assessment permissions (role group `assessmentParticipants`); creating needs the owner's, the
 * portfolio the assessor's. What a caller may do to one assessment is their role IN it, judged by
 * the service through the `assessment` workflow.
 */
export function maqRouter(ctx: AppContext, services: Services): Router {
  const router = express.Router();
  const { assessments, assessmentOverviews: overviews } = services;
  const any = [authenticate(ctx), requireGuard(ctx, { group: 'assessmentParticipants' })];
  const owners = [authenticate(ctx), requireGuard(ctx, { group: 'assessmentOwners' })];
  const assessors = [authenticate(ctx), requireGuard(ctx, { group: 'assessmentAssessors' })];
  const params = validateParams(maqParamsSchema);
  const caller = (req: Request) => assessmentCaller(ctx, req);
  const id = (req: Request) => String(req.params.id);

  // choices for the create form (optionsFrom)
  router.get('/templates', ...owners, (req, res) => {
    const language = requestLanguage(req);
    // `name` is the title in the reader's language, for the create form's choice
    const named = assessments.templates().map((template) => ({
      ...template,
      name: `${typeof template.title === 'string' ? ctx.translator.t(language, template.title) : template.title[language]} (v${template.version})`,
    }));
    res.json({ content: named });
  });
  router.get('/people', ...owners, async (req, res) => {
    const who = await caller(req);
    res.json({ content: await assessments.people(String(who.user.organizationId)) });
  });
  router.get('/third-parties', ...owners, async (req, res) => {
    const who = await caller(req);
    res.json({ content: await assessments.thirdParties(String(who.user.organizationId)) });
  });

  router.post('/assessments', ...owners, validate(assessmentNewSchema), async (req, res) => {
    const { view, warnings } = await assessments.create(await caller(req), req.body);
    const language = requestLanguage(req);
    res.status(201).json({
      content: view,
      warnings: warnings.map((code) => ({ code, message: ctx.translator.t(language, `errors.${code}`) })),
    });
  });

  router.get('/assessments/as/:role', ...any, params, aggregatable, async (req, res) => {
    const query = listQueryOf(req.query, ASSESSMENT_FIELDS, NEWEST_FIRST);
    res.json({ content: await assessments.list(await caller(req), req.params.role as AssessmentRole, query) });
  });

  router.get('/portfolio', ...assessors, async (req, res) => {
    const query = listQueryOf(req.query, PORTFOLIO_FIELDS, BY_NAME);
    res.json({ content: await overviews.portfolio(await caller(req), query) });
  });
  // one third party of the portfolio (its page and overview) and its assessments
  router.get('/portfolio/:thirdPartyId', ...assessors, params, async (req, res) => {
    res.json({ content: await overviews.thirdParty(await caller(req), String(req.params.thirdPartyId)) });
  });
  router.get('/portfolio/:thirdPartyId/assessments', ...assessors, params, async (req, res) => {
    const query = listQueryOf(req.query, ASSESSMENT_FIELDS, NEWEST_FIRST);
    const thirdPartyId = String(req.params.thirdPartyId);
    res.json({ content: await overviews.thirdPartyAssessments(await caller(req), thirdPartyId, query) });
  });

  // the assessor's review requests grouped by third party or template, one group, its assessments
  router.get('/review-requests/groups/:by', ...assessors, params, async (req, res) => {
    const query = listQueryOf(req.query, GROUP_FIELDS, BY_NAME);
    const by = req.params.by as GroupBy;
    res.json({ content: await overviews.groups(await caller(req), by, requestLanguage(req), query) });
  });
  router.get('/review-requests/group/:groupId', ...assessors, params, async (req, res) => {
    const groupId = String(req.params.groupId);
    res.json({ content: await overviews.groupOf(await caller(req), groupId, requestLanguage(req)) });
  });
  router.get('/review-requests/group/:groupId/assessments', ...assessors, params, async (req, res) => {
    const query = listQueryOf(req.query, ASSESSMENT_FIELDS, NEWEST_FIRST);
    const groupId = String(req.params.groupId);
    res.json({ content: await overviews.groupAssessments(await caller(req), groupId, query) });
  });

  router.get('/assessments/:id', ...any, params, async (req, res) => {
    res.json({ content: await assessments.get(await caller(req), id(req)) });
  });

  router.get('/assessments/:id/items', ...any, params, async (req, res) => {
    const query = listQueryOf(req.query, ITEM_FIELDS, [{ field: 'position', direction: 'asc' }]);
    res.json({ content: await assessments.items(await caller(req), id(req), requestLanguage(req), query) });
  });

  router.get('/assessments/:id/items/:itemId/messages', ...any, params, async (req, res) => {
    res.json({ content: await assessments.thread(await caller(req), id(req), String(req.params.itemId)) });
  });

  router.post('/assessments/:id/companies', ...owners, params, validate(assessmentCompanySchema), async (req, res) => {
    res.json({ content: await assessments.addCompany(await caller(req), id(req), req.body.thirdPartyId) });
  });

  router.put('/assessments/:id/answers/:itemId', ...any, params, validate(assessmentAnswerSchema), async (req, res) => {
    const itemId = String(req.params.itemId);
    const answer = assessments.answer(await caller(req), id(req), itemId, req.body.value, requestLanguage(req));
    res.json({ content: await answer });
  });

  // review marks: POST marks reviewed, DELETE unreviewed (list row actions send no body)
  for (const [method, reviewed] of [
    ['post', true],
    ['delete', false],
  ] as const) {
    router[method]('/assessments/:id/reviews/:itemId', ...any, params, async (req, res) => {
      const target = { itemId: String(req.params.itemId) };
      res.json({ content: await assessments.review(await caller(req), id(req), target, reviewed) });
    });
    router[method]('/assessments/:id/sections/:sectionId/review', ...any, params, async (req, res) => {
      const target = { sectionId: String(req.params.sectionId) };
      res.json({ content: await assessments.review(await caller(req), id(req), target, reviewed) });
    });
  }

  // the questionnaire screen's Complete: the assessee's submit (its 409 lists the missing answers)
  router.post('/assessments/:id/submit', ...any, params, validate(assessmentSubmitSchema), async (req, res) => {
    res.json({ content: await assessments.submit(await caller(req), id(req), requestLanguage(req)) });
  });

  // the workflow's actions as the page's transitions panel reads and runs them
  router.get('/assessments/:id/actions', ...any, params, async (req, res) => {
    const view = await assessments.get(await caller(req), id(req));
    const workflow = ctx.documents.latestBody<{ transitions: { action: string; to: string; title: unknown }[] }>(
      'workflow',
      'assessment',
    );
    const offered = (workflow?.transitions ?? []).filter((t) => view.actions.includes(t.action));
    res.json({ content: offered.map(({ action, to, title }) => ({ action, to, title })) });
  });

  router.post(
    '/assessments/:id/actions/:action',
    ...any,
    params,
    validate(assessmentActionSchema),
    async (req, res) => {
      const action = req.params.action as AssessmentAction;
      const who = await caller(req);
      if (action === 'sendBack') {
        const body = req.body as { itemIds?: string[]; note?: string };
        res.json({ content: await assessments.sendBack(who, id(req), body.itemIds ?? [], body.note) });
        return;
      }
      res.json({ content: await assessments.move(who, id(req), action, requestLanguage(req)) });
    },
  );

  // the offline workbook (issue 10): any participant downloads it, the assessee uploads it while answering
  router.get('/assessments/:id/workbook', ...any, params, workbookQuery, async (req, res) => {
    const language = req.query.lang ? asLanguage(req.query.lang) : requestLanguage(req);
    sendWorkbook(res, await services.assessments.workbook.download((await caller(req)).user.id, id(req), language));
  });

  // the caller's role and the state are judged before the body is read: nobody makes us read a file we would refuse
  const mayUpload = async (req: Request, _res: Response, next: NextFunction) => {
    await services.assessments.mayAnswer(await caller(req), id(req));
    next();
  };
  router.post('/assessments/:id/workbook', ...any, params, mayUpload, readWorkbookUpload, async (req, res) => {
    const file = uploadedWorkbook(req);
    const upload = services.assessments.importWorkbook(await caller(req), id(req), file, requestLanguage(req));
    res.json({ content: await upload });
  });
  // one answer sent back to fix, with the assessor's note (the review list's row action)
  router.post(
    '/assessments/:id/items/:itemId/send-back',
    ...any,
    params,
    validate(assessmentItemSendBackSchema),
    async (req, res) => {
      const note = (req.body as { note: string }).note;
      res.json({ content: await assessments.sendBack(await caller(req), id(req), [String(req.params.itemId)], note) });
    },
  );

  router.post('/assessments/:id/messages', ...any, params, validate(assessmentMessageSchema), async (req, res) => {
    const { body, itemId } = req.body as { body: string; itemId?: string };
    res.status(201).json({ content: await assessments.say(await caller(req), id(req), body, itemId) });
  });

  return router;
}
