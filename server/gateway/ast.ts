import express, { type Request, type Router } from 'express';
import { authenticate, requireAuth } from '../auth/authenticate';
import { requireGuard } from '../auth/require-guard';
import type { AppContext } from '../context';
import { validateParams } from '../http/validate';
import type { Services } from '../services';
import type { UserType } from '../services/issues-ast.service';
import { resourceCaller } from '../services/resources.service';
import { assessmentCaller } from './maq';
import { astParamsSchema } from './request-schemas';

/**
 * The AST issue reads `/ast/issue/…` (shell §7; docs/gateway/ast.md): every answer is
 * `{ content }` figured from the issue records the caller may list (the `issue` resource's guard and
 * scope); a `{userType}` read needs that assessment role.
 */
export function astRouter(ctx: AppContext, services: Services): Router {
  const router = express.Router();
  const { issuesAst } = services;
  const checked = [authenticate(ctx), validateParams(astParamsSchema)];
  const caller = (req: Request) => resourceCaller(ctx, requireAuth(req));
  /** The caller, after the lens check of a `{userType}` read. */
  const as = async (req: Request) => {
    const who = await caller(req);
    issuesAst.lens(who, String(req.params.userType) as UserType);
    return who;
  };
  const merchant = (req: Request) => String(req.params.merchantId);
  const participants = requireGuard(ctx, { group: 'assessmentParticipants' });

  router.get('/issue/get_scan_issues/:userType', ...checked, async (req, res) => {
    res.json({ content: await issuesAst.list(await as(req), 'scan') });
  });
  router.get('/issue/get_assessment_issues/:userType', ...checked, async (req, res) => {
    res.json({ content: await issuesAst.list(await as(req), 'assessment') });
  });
  router.get('/issue/get_total_scan_issues/:userType', ...checked, async (req, res) => {
    res.json({ content: await issuesAst.totals(await as(req), 'scan') });
  });
  router.get('/issue/get_total_assessment_issues/:userType', ...checked, async (req, res) => {
    res.json({ content: await issuesAst.totals(await as(req), 'assessment') });
  });
  router.get('/issue/get_total_issues/:userType', ...checked, async (req, res) => {
    res.json({ content: await issuesAst.totals(await as(req)) });
  });
  router.get('/issue/get_scan_issues_severities/:userType', ...checked, async (req, res) => {
    res.json({ content: await issuesAst.severities(await as(req), 'scan') });
  });
  router.get('/issue/get_assessment_issues_severities/:userType', ...checked, async (req, res) => {
    res.json({ content: await issuesAst.severities(await as(req), 'assessment') });
  });
  router.get('/issue/get_assessment_issues_statuses/:userType', ...checked, async (req, res) => {
    res.json({ content: await issuesAst.states(await as(req), 'assessment') });
  });
  router.get('/issue/get_issues_leaderboard/:userType', ...checked, async (req, res) => {
    res.json({ content: await issuesAst.leaderboard(await as(req)) });
  });
  router.get('/issue/get_assessment_issues_by_category', ...checked, async (req, res) => {
    res.json({ content: await issuesAst.byCategory(await caller(req)) });
  });
  router.get('/issue/get_issue_statuses_by_owner', ...checked, async (req, res) => {
    res.json({ content: await issuesAst.statesOfOwn(await caller(req)) });
  });
  router.get('/issue/get_scan_issues_by_merchant_id/:merchantId', ...checked, async (req, res) => {
    res.json({ content: await issuesAst.list(await caller(req), 'scan', merchant(req)) });
  });
  router.get('/issue/get_assessment_issues_by_merchant_id/:merchantId', ...checked, async (req, res) => {
    res.json({ content: await issuesAst.list(await caller(req), 'assessment', merchant(req)) });
  });
  router.get('/issue/get_total_scan_issues_by_merchant_id/:merchantId', ...checked, async (req, res) => {
    res.json({ content: await issuesAst.totals(await caller(req), 'scan', merchant(req)) });
  });
  router.get('/issue/get_total_assessment_issues_by_merchant_id/:merchantId', ...checked, async (req, res) => {
    res.json({ content: await issuesAst.totals(await caller(req), 'assessment', merchant(req)) });
  });
  // shell §7: a portfolio merchant's scan scores (docs/gateway/wbe-scans-portfolio.md 'Portfolio'), the merchant's read guard
  router.get('/issue/get_score_history_by_merchant_id/:merchantId', ...checked, async (req, res) => {
    res.json({ content: await services.portfolio.scoreHistory(await caller(req), merchant(req)) });
  });
  router.get('/issue/get_last_scan_score/:merchantId', ...checked, async (req, res) => {
    res.json({ content: await services.portfolio.lastScanScore(await caller(req), merchant(req)) });
  });
  router.get('/issue/get_total_number_of_third_parties', ...checked, async (req, res) => {
    res.json({ content: await issuesAst.thirdPartyTotal(await caller(req)) });
  });
  router.get('/issue/get_third_party_status', ...checked, async (req, res) => {
    res.json({ content: await issuesAst.thirdPartyStates(await caller(req)) });
  });
  // not in the spec's list: the dashboard's progress chart over 1, 3, 6 and 12 months (domain §9)
  router.get('/issue/get_issue_progress/:months', ...checked, async (req, res) => {
    res.json({ content: await issuesAst.progress(await caller(req), Number(req.params.months)) });
  });
  // shell §7: the score of the latest completed assessment of a third party, or of the caller's own
  router.get('/issue/get_latest_closed_assessment_score/:merchantId', ...checked, participants, async (req, res) => {
    res.json({
      content: await services.assessments.latestClosedScore(await assessmentCaller(ctx, req), merchant(req)),
    });
  });
  router.get('/issue/get_latest_closed_assessment_score', ...checked, participants, async (req, res) => {
    res.json({ content: await services.assessments.latestClosedScore(await assessmentCaller(ctx, req)) });
  });
  return router;
}
