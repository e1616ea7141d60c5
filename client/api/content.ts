import type { AxiosError } from 'axios';
import type { Text } from '../../core/documents/document.types';

/**
 * Reading a gateway answer and its failures: without axios itself, so the pages on every boot path
 * (the sign-in page) read them without loading the gateway clients (client/api/gateway.ts).
 */

/** Responses are read from `content` (shell §7). */
export function content<T>(response: { data: { content: T } }): T {
  return response.data.content;
}

/** Config-service reads answer the document itself; gateway reads wrap it in `content`. Accept both. */
export function contentOrSelf<T>(data: unknown): T {
  if (data && typeof data === 'object' && 'content' in data && Object.keys(data).length === 1) {
    return (data as { content: T }).content;
  }
  return data as T;
}

/** The failure shape every gateway answers (docs/gateway/README.md). */
export interface ApiFailure {
  code: string;
  message: string;
  errors?: Record<string, string>;
  /** A refused workflow action's condition in words (409 transitionConditionFailed). */
  condition?: Text;
}

/** The gateway's failure body, if the error carries one (an axios error, told as axios.isAxiosError tells it). */
export function failureOf(error: unknown): (ApiFailure & { status: number }) | null {
  const failed = error as Partial<AxiosError<Partial<ApiFailure>>> | null;
  if (typeof failed !== 'object' || failed?.isAxiosError !== true || !failed.response) return null;
  const body = failed.response.data ?? {};
  return {
    status: failed.response.status,
    code: body.code ?? 'somethingWentWrong',
    message: body.message ?? '',
    errors: body.errors,
    condition: body.condition ?? undefined,
  };
}
