import { HELP_CHAT_POLL_SECONDS } from '../../../core/help-chat/help-chat.types';

/** The user's own conversation (the widget reads its key, the panel the conversation). */
export const MINE = '/wbe/api/help-chat/mine';
/** Until real-time delivery is there (and for any event it misses): poll, and read again on focus. */
export const LIVE = { seconds: HELP_CHAT_POLL_SECONDS };
