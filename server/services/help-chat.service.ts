import type { Filter, ListQuery, QueryableFields, SortKey } from '../../core/query/query.types';
import { HELP_CHAT_AGENTS_GROUP } from '../../core/guard/code-guards';
import {
  HELP_CHAT_MESSAGE_EVENT,
  HELP_CHAT_READ_EVENT,
  HELP_CHAT_THREAD_SIZE,
  type HelpChatConversation,
  type HelpChatMessage,
  type HelpChatMessageEvent,
  type HelpChatReadEvent,
  type HelpChatSide,
  type HelpChatThread,
  type HelpChatUnread,
} from '../../core/help-chat/help-chat.types';
import type { AuthContext } from '../auth/authenticate';
import { publishedRoleGroups } from '../auth/role-groups';
import type { AppContext } from '../context';
import { AppError } from '../http/app-error';
import { publishToUser } from '../realtime/publish';
import { findWhere } from '../store/matching';
import type { Store } from '../store/store.types';
import { WriteQueue } from '../store/write-queue';
import { usersOf } from './users';

/** What the inbox list may sort and filter on. */
export const CONVERSATION_FIELDS: QueryableFields = {
  filterable: ['userName', 'userEmail', 'lastFrom', 'unreadBySupport', 'unreadByUser', 'lastMessageAt', 'createdAt'],
  sortable: ['userName', 'userEmail', 'lastFrom', 'unreadBySupport', 'unreadByUser', 'lastMessageAt', 'createdAt'],
};

/** The server's own look-ups of messages (a thread, the unread counts). */
export const MESSAGE_FIELDS: QueryableFields = {
  filterable: ['conversationId', 'from', 'createdAt'],
  sortable: ['createdAt'],
};

export const LATEST_FIRST: SortKey[] = [{ field: 'lastMessageAt', direction: 'desc' }];

const readAtOf = (side: HelpChatSide) => (side === 'user' ? 'userReadAt' : 'supportReadAt');
const unreadOf = (side: HelpChatSide) => (side === 'user' ? 'unreadByUser' : 'unreadBySupport');

/** A removed account's conversation and messages go with it (AdminService.deleteUser, in its transaction). */
export async function removeConversation(store: Store, userId: string): Promise<void> {
  const messages = store.collection<HelpChatMessage>('helpChatMessages');
  for (const message of await findWhere(messages, { field: 'conversationId', op: 'eq', value: userId })) {
    await messages.remove(message.id);
  }
  await store.collection<HelpChatConversation>('helpChatConversations').remove(userId);
}

/**
 * The help chat: one conversation per user (id = the user's id) with the agents of the
 * `helpChatAgents` role group. A message is stored, the conversation's unread counts are counted
 * again from the stored messages, then the event goes to the conversation's user and every agent.
 */
export class HelpChatService {
  /** A conversation's check-then-write steps run one at a time (in this process); idle entries go. */
  private readonly locks = new Map<string, { queue: WriteQueue; pending: number }>();

  constructor(private readonly ctx: AppContext) {}

  private conversations(store: Store = this.ctx.store) {
    return store.collection<HelpChatConversation>('helpChatConversations');
  }

  private messages(store: Store = this.ctx.store) {
    return store.collection<HelpChatMessage>('helpChatMessages');
  }

  private lock<R>(conversationId: string, task: () => Promise<R>): Promise<R> {
    const entry = this.locks.get(conversationId) ?? { queue: new WriteQueue(), pending: 0 };
    this.locks.set(conversationId, entry);
    entry.pending += 1;
    return entry.queue.run(task).finally(() => {
      entry.pending -= 1;
      if (entry.pending === 0) this.locks.delete(conversationId);
    });
  }

  /** Messages of `from` after `after` (all of them without it), counted in the store. */
  private async countFrom(store: Store, conversationId: string, from: HelpChatSide, after: string | undefined) {
    const conditions: Filter[] = [
      { field: 'conversationId', op: 'eq', value: conversationId },
      { field: 'from', op: 'eq', value: from },
    ];
    if (after) conditions.push({ field: 'createdAt', op: 'gt', value: after });
    const query: ListQuery = { filter: { and: conditions }, sort: [], page: 1, pageSize: 1 };
    return (await this.messages(store).query(query)).total;
  }

  /** The newest messages of a conversation, oldest first, and how many there are in all. */
  private async newest(conversationId: string) {
    const result = await this.messages().query({
      filter: { field: 'conversationId', op: 'eq', value: conversationId },
      sort: [{ field: 'createdAt', direction: 'desc' }],
      page: 1,
      pageSize: HELP_CHAT_THREAD_SIZE,
    });
    return { messages: result.items.reverse(), messageCount: result.total };
  }

  private async thread(conversation: HelpChatConversation, reader: HelpChatSide): Promise<HelpChatThread> {
    return {
      id: conversation.id,
      userName: conversation.userName,
      userEmail: conversation.userEmail,
      createdAt: conversation.createdAt,
      lastMessageAt: conversation.lastMessageAt,
      ...(await this.newest(conversation.id)),
      unread: conversation[unreadOf(reader)],
    };
  }

  /** The caller's own conversation; an empty one (nothing stored) before their first message. */
  async mine({ user }: AuthContext): Promise<HelpChatThread> {
    const conversation = await this.conversations().get(user.id);
    if (conversation) return this.thread(conversation, 'user');
    const empty = { createdAt: null, lastMessageAt: null, messages: [], messageCount: 0, unread: 0 };
    return { id: user.id, userName: user.name, userEmail: user.email, ...empty };
  }

  /** Any conversation, for an agent; 404 `notFound` when that user never wrote. */
  async conversation(conversationId: string): Promise<HelpChatThread> {
    return this.thread(await this.existing(conversationId), 'support');
  }

  private async existing(conversationId: string): Promise<HelpChatConversation> {
    const conversation = await this.conversations().get(conversationId);
    if (!conversation) throw new AppError(404, 'notFound');
    return conversation;
  }

  /** The inbox: every conversation through the query contract. */
  async list(query: ListQuery) {
    return this.conversations().query(query);
  }

  /** The caller writes to support, in their own conversation (made with the first message). */
  async postAsUser({ user }: AuthContext, body: string): Promise<HelpChatMessage> {
    return this.post(user.id, 'user', { id: user.id, name: user.name }, body, { name: user.name, email: user.email });
  }

  /** An agent answers a conversation (404 `notFound` when there is none). */
  async answer({ user }: AuthContext, conversationId: string, body: string): Promise<HelpChatMessage> {
    return this.post(conversationId, 'support', { id: user.id, name: user.name }, body);
  }

  private async post(
    conversationId: string,
    from: HelpChatSide,
    author: { id: string; name: string },
    body: string,
    owner?: { name: string; email: string },
  ): Promise<HelpChatMessage> {
    const message = await this.lock(conversationId, async () => {
      const existing = await this.conversations().get(conversationId);
      if (!existing && from === 'support') throw new AppError(404, 'notFound');
      // strictly later than the last message, so 'read up to its time' never takes in a newer one
      const last = existing ? Date.parse(existing.lastMessageAt) : 0;
      const createdAt = new Date(Math.max(this.ctx.clock().getTime(), last + 1)).toISOString();
      const message: HelpChatMessage = {
        id: crypto.randomUUID(),
        conversationId,
        from,
        authorId: author.id,
        authorName: author.name,
        body,
        createdAt,
      };
      await this.ctx.store.transaction(async (tx) => {
        await this.messages(tx).insert(message);
        const facts = {
          lastMessageAt: createdAt,
          lastMessage: body,
          lastFrom: from,
          unreadByUser: await this.countFrom(tx, conversationId, 'support', existing?.userReadAt),
          unreadBySupport: await this.countFrom(tx, conversationId, 'user', existing?.supportReadAt),
          // the inbox shows the user's current name and address
          ...(owner ? { userName: owner.name, userEmail: owner.email } : {}),
        };
        if (existing) await this.conversations(tx).update(conversationId, facts);
        else
          await this.conversations(tx).insert({
            id: conversationId,
            userId: conversationId,
            userName: owner?.name ?? '',
            userEmail: owner?.email ?? '',
            createdAt,
            ...facts,
          });
      });
      return message;
    });
    const event: HelpChatMessageEvent = { conversationId, message };
    await this.notify(conversationId, HELP_CHAT_MESSAGE_EVENT, event);
    return message;
  }

  /**
   * `side` has seen every message so far: its unread count drops to 0. The user marks their own
   * conversation (nothing to do before the first message); an agent any (404 when there is none).
   */
  async markRead(conversationId: string, side: HelpChatSide): Promise<{ unread: number }> {
    const changed = await this.lock(conversationId, async () => {
      const conversation = await this.conversations().get(conversationId);
      if (!conversation) {
        if (side === 'support') throw new AppError(404, 'notFound');
        return false;
      }
      if (conversation[unreadOf(side)] === 0 && conversation[readAtOf(side)] === conversation.lastMessageAt)
        return false;
      await this.conversations().update(conversationId, {
        [readAtOf(side)]: conversation.lastMessageAt,
        [unreadOf(side)]: 0,
      });
      return true;
    });
    if (changed) {
      const event: HelpChatReadEvent = { conversationId, side };
      // the reader's other tabs and, for support, every other agent's badge
      await this.notify(conversationId, HELP_CHAT_READ_EVENT, event, side === 'support' ? 'agents' : 'user');
    }
    return { unread: 0 };
  }

  /** The widget's badge: the caller's own unread answers, and for an agent the inbox's unread messages. */
  async unread({ user }: AuthContext, agent: boolean): Promise<HelpChatUnread> {
    const own = await this.conversations().get(user.id);
    const answer: HelpChatUnread = { unread: own?.unreadByUser ?? 0 };
    if (!agent) return answer;
    const waiting = await findWhere(this.conversations(), { field: 'unreadBySupport', op: 'gt', value: 0 });
    const unread = waiting.reduce((sum, conversation) => sum + conversation.unreadBySupport, 0);
    return { ...answer, inbox: { unread, conversations: waiting.length } };
  }

  /**
   * Ids of the users in the `helpChatAgents` role group: a role or permission it names. (An empty
   * group, 'anyone holding a permission', names nobody here: such agents see news when they poll.)
   */
  async agentIds(): Promise<string[]> {
    const entries = publishedRoleGroups(this.ctx)[HELP_CHAT_AGENTS_GROUP] ?? [];
    if (entries.length === 0) return [];
    const filter: Filter = {
      or: entries.flatMap((entry): Filter[] => [
        { field: 'roles', op: 'eq', value: entry },
        { field: 'permissions', op: 'eq', value: entry },
      ]),
    };
    return (await findWhere(usersOf(this.ctx), filter)).map((user) => user.id);
  }

  /** The event to the conversation's user and/or every agent, each once, on their own channel. */
  private async notify(conversationId: string, event: string, data: unknown, to: 'all' | 'agents' | 'user' = 'all') {
    const recipients = new Set<string>();
    if (to !== 'agents') recipients.add(conversationId);
    if (to !== 'user') for (const id of await this.agentIds()) recipients.add(id);
    try {
      await Promise.all([...recipients].map((userId) => publishToUser(this.ctx, userId, event, data)));
    } catch (error) {
      // the message is stored: a lost event only delays it until the next poll
      this.ctx.log.error(`help chat: ${event} could not be published`, error);
    }
  }
}
