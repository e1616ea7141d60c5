import express, { type Request, type RequestHandler, type Router } from 'express';
import { HELP_CHAT_AGENTS_GUARD } from '../../core/guard/code-guards';
import { requireAuth } from '../auth/authenticate';
import { helpChatRateLimit, type RateLimits } from '../auth/rate-limits';
import { passesGuard, requireGuard } from '../auth/require-guard';
import type { AppContext } from '../context';
import { listQueryOf } from '../http/list-query';
import { validate, validateParams } from '../http/validate';
import type { Services } from '../services';
import { CONVERSATION_FIELDS, LATEST_FIRST } from '../services/help-chat.service';
import { conversationParamsSchema, emptyBodySchema, helpChatMessageSchema } from './request-schemas';

/**
 * The help chat under `/wbe/api/help-chat` (docs/gateway/wbe.md 'Help chat'). Any signed-in user has
 * one conversation, their own, addressed as `mine` (no id to guess); the agents (`helpChatAgents`
 * role group, judged on every call) read every conversation and answer.
 */
export function helpChatRouter(
  ctx: AppContext,
  services: Services,
  signedIn: RequestHandler[],
  limits: Pick<RateLimits, 'helpChatMessages' | 'helpChatAnswers'>,
): Router {
  const router = express.Router();
  const agents: RequestHandler[] = [...signedIn, requireGuard(ctx, HELP_CHAT_AGENTS_GUARD)];
  const conversation = validateParams(conversationParamsSchema);
  const idOf = (req: Request) => String(req.params.conversationId);
  const message = validate(helpChatMessageSchema);
  const nothing = validate(emptyBodySchema);
  // each sent message counts, after its body is valid; agents answer many users, so theirs is loose
  const userBudget = helpChatRateLimit('user', limits.helpChatMessages, ctx.counters);
  const agentBudget = helpChatRateLimit('agent', limits.helpChatAnswers, ctx.counters);

  router.get('/help-chat/unread', ...signedIn, async (req, res) => {
    const auth = requireAuth(req);
    const agent = await passesGuard(ctx, auth, HELP_CHAT_AGENTS_GUARD);
    res.json({ content: await services.helpChat.unread(auth, agent) });
  });

  router.get('/help-chat/mine', ...signedIn, async (req, res) => {
    res.json({ content: await services.helpChat.mine(requireAuth(req)) });
  });

  router.post('/help-chat/mine/messages', ...signedIn, message, userBudget, async (req, res) => {
    res.status(201).json({ content: await services.helpChat.postAsUser(requireAuth(req), req.body.body) });
  });

  router.post('/help-chat/mine/read', ...signedIn, nothing, async (req, res) => {
    res.json({ content: await services.helpChat.markRead(requireAuth(req).user.id, 'user') });
  });

  // the inbox speaks the query contract (docs/gateway/README.md 'The query contract')
  router.get('/help-chat/conversations', ...agents, async (req, res) => {
    res.json({ content: await services.helpChat.list(listQueryOf(req.query, CONVERSATION_FIELDS, LATEST_FIRST)) });
  });

  router.get('/help-chat/conversations/:conversationId', ...agents, conversation, async (req, res) => {
    res.json({ content: await services.helpChat.conversation(idOf(req)) });
  });

  router.post(
    '/help-chat/conversations/:conversationId/messages',
    ...agents,
    conversation,
    message,
    agentBudget,
    async (req, res) => {
      res.status(201).json({ content: await services.helpChat.answer(requireAuth(req), idOf(req), req.body.body) });
    },
  );

  router.post('/help-chat/conversations/:conversationId/read', ...agents, conversation, nothing, async (req, res) => {
    res.json({ content: await services.helpChat.markRead(idOf(req), 'support') });
  });

  return router;
}
