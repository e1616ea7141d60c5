/**
 * The help chat (shell §1 'an in-app help chat widget', issue 8): one conversation per user with the
 * support agents (the `helpChatAgents` role group). Shapes shared by server and browser.
 */

/** Who wrote a message: the conversation's user, or an agent answering for support. */
export type HelpChatSide = 'user' | 'support';

export interface HelpChatMessage {
  id: string;
  conversationId: string;
  from: HelpChatSide;
  authorId: string;
  authorName: string;
  body: string;
  createdAt: string;
}

/** A conversation as the inbox lists it (the stored record; its messages are read separately). */
export interface HelpChatConversation {
  /** The user's id: one conversation per user. */
  id: string;
  userId: string;
  userName: string;
  userEmail: string;
  createdAt: string;
  lastMessageAt: string;
  lastMessage: string;
  lastFrom: HelpChatSide;
  /** Messages from support the user has not seen yet, and messages from the user no agent has seen. */
  unreadByUser: number;
  unreadBySupport: number;
  /** `createdAt` of the last message each side has seen (absent: none seen). */
  userReadAt?: string;
  supportReadAt?: string;
}

/** GET …/mine and GET …/conversations/:id: the conversation with its newest messages, oldest first. */
export interface HelpChatThread {
  id: string;
  userName: string;
  userEmail: string;
  createdAt: string | null;
  lastMessageAt: string | null;
  messages: HelpChatMessage[];
  /** Every message of the conversation, of which `messages` are the newest. */
  messageCount: number;
  /** Unread by whoever asked: the user (their own) or support (an agent). */
  unread: number;
}

/** GET /wbe/api/help-chat/unread: the widget's badge. `inbox` only for agents. */
export interface HelpChatUnread {
  unread: number;
  inbox?: { unread: number; conversations: number };
}

/** Real-time events (server/realtime/publish.ts publishToUser, client useRealtimeEvent). */
export const HELP_CHAT_MESSAGE_EVENT = 'helpChat.message';
export const HELP_CHAT_READ_EVENT = 'helpChat.read';

export interface HelpChatMessageEvent {
  conversationId: string;
  message: HelpChatMessage;
}

export interface HelpChatReadEvent {
  conversationId: string;
  side: HelpChatSide;
}

/** Longest message body. */
export const HELP_CHAT_MESSAGE_MAX = 4000;
/** Messages a thread answer holds (the newest). */
export const HELP_CHAT_THREAD_SIZE = 200;
/** The browser's fallback poll while real-time delivery is not there (seconds). */
export const HELP_CHAT_POLL_SECONDS = 15;
