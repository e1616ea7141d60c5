import type { AppContext } from '../context';
import { AppError } from '../http/app-error';
import { findWhere } from '../store/matching';
import type { UserRecord } from '../store/records.types';

/** E-mails are compared trimmed and lowercased everywhere (shell §5). */
export function normalizeEmail(value: unknown): string {
  return typeof value === 'string' ? value.trim().toLowerCase() : '';
}

/** The store lock held while an account with this address is looked for and made (one account per address). */
export function emailLock(email: string): string {
  return `user.email.${normalizeEmail(email)}`;
}

export function usersOf(ctx: AppContext) {
  return ctx.store.collection<UserRecord>('users');
}

export async function findUserByEmail(ctx: AppContext, email: string): Promise<UserRecord | undefined> {
  const normalized = normalizeEmail(email);
  const [user] = await findWhere(usersOf(ctx), { field: 'email', op: 'eq', value: normalized });
  return user;
}

export async function getUser(ctx: AppContext, id: string): Promise<UserRecord> {
  const user = await usersOf(ctx).get(id);
  if (!user) throw new AppError(404, 'userNotFound');
  return user;
}
