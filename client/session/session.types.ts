import type {
  ClientSession as CoreClientSession,
  LoginResponse,
  ProtectedData,
  SessionData,
  SessionUser,
} from '../../core/session/session.types';

export type { LoginResponse, ProtectedData, SessionData, SessionUser };

export type Theme = 'dark' | 'light';
export type Language = 'en' | 'tr';

export interface Organization {
  id: string | number;
  name: string;
}

/** Fields present only while signed in. */
type AuthFields =
  | 'token'
  | 'user'
  | 'roles'
  | 'permissions'
  | 'roleGroups'
  | 'protectedData'
  | 'data'
  | 'organizationList';

/**
 * The localStorage key `config` (docs/domain/sessions-auth.md 'The browser's session') as the browser holds it: the
 * core shape, with the signed-in fields absent for a visitor.
 */
export type ClientSession = Omit<CoreClientSession, AuthFields> & Partial<Pick<CoreClientSession, AuthFields>>;
