import axios, { type AxiosError, type AxiosInstance, type InternalAxiosRequestConfig } from 'axios';
import type { ApiFailure } from './content';
import { getSession } from '../session/session.store';
import { endSession } from '../session/logout';

export { type ApiFailure, content, contentOrSelf, failureOf } from './content';

export interface ServiceOptions {
  /** Service prefix on the gateway, e.g. '/iam/api'. */
  prefix: string;
  /** Headers this service adds on every request (read at request time). */
  headers?: () => Record<string, string | undefined>;
  /** Runs on every response (e.g. wbe clears the stored affid). */
  onResponse?: (headers: Record<string, unknown>) => void;
  /** Handles a failure before the common 401 rule; return true when handled. */
  onError?: (error: AxiosError<ApiFailure>) => boolean;
}

/**
 * Shell §4: a 401 ends the session except on the sign-in call itself (its 401 is an answer about
 * the credentials) and on notification calls (the `ntgw` service). Compared exactly: the flow
 * service's /trn/v2/login/organization/… is no exception.
 */
export function sessionSurvives401(path: string): boolean {
  const bare = (path.split('?')[0] ?? '').replace(/\/+$/, '');
  return bare === '/iam/api/login' || bare.startsWith('/ntgw/api/');
}

function keepsSessionOn401(config: InternalAxiosRequestConfig | undefined): boolean {
  return sessionSurvives401(`${config?.baseURL ?? ''}${config?.url ?? ''}`);
}

/** One axios instance per service prefix, all made here so every service behaves alike. */
export function createServiceClient(options: ServiceOptions): AxiosInstance {
  const client = axios.create({ baseURL: options.prefix });

  client.interceptors.request.use(
    (config) => {
      const session = getSession();
      if (session.token && !config.headers.has('Authorization')) {
        config.headers.set('Authorization', `Bearer ${session.token}`);
      }
      config.headers.set('Accept-Language', session.language);
      for (const [name, value] of Object.entries(options.headers?.() ?? {})) {
        if (value !== undefined && value !== '') config.headers.set(name, value);
      }
      return config;
    },
    undefined,
    // synchronous: the request leaves when it is made, not after work queued behind it (a boot's chunk preloads)
    { synchronous: true },
  );

  client.interceptors.response.use(
    (response) => {
      options.onResponse?.(response.headers as Record<string, unknown>);
      return response;
    },
    async (error: AxiosError<ApiFailure>) => {
      // a file asked for as a blob fails with its { code, message } inside the blob: read it out,
      // so every handler below and every caller sees the failure as with any other call
      if (error.response && error.config?.responseType === 'blob') {
        error.response.data = (await failureInBlob(error.response.data)) as ApiFailure;
      }
      if (error.response) options.onResponse?.(error.response.headers as Record<string, unknown>);
      if (options.onError?.(error)) return Promise.reject(error);
      if (error.response?.status === 401 && !keepsSessionOn401(error.config) && getSession().token) {
        endSession();
      }
      return Promise.reject(error);
    },
  );
  return client;
}

/** The JSON a failed file answer carries inside its blob; null when it holds none (a proxy's page, a cut). */
export async function failureInBlob(data: unknown): Promise<Partial<ApiFailure> | null> {
  if (!(typeof Blob !== 'undefined' && data instanceof Blob)) return (data as Partial<ApiFailure>) ?? null;
  try {
    const body = JSON.parse(await data.text()) as unknown;
    return body && typeof body === 'object' ? (body as Partial<ApiFailure>) : null;
  } catch {
    return null;
  }
}
