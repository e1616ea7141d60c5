/**
 * Calls `handler` for each `event` on the signed-in user's private channel (server/realtime/publish.ts
 * `publishToUser`). The connection itself (pusher-js) is opened once per session by the realtime module.
 * Contract only for now: the implementation lands with the Pusher-protocol server.
 */
export function useRealtimeEvent<T = unknown>(_event: string, _handler: (data: T) => void): void {}
