import { z } from 'zod';
import { authResultSchema, publicUserSchema, type AuthResult, type PublicUser } from '@parley/shared';
import { ApiError } from './api-error';

// Missing optional fields must not turn a successful sign-in into a failure; id and name are what the
// shell needs, the rest falls back to neutral values.
const looseUser = publicUserSchema.partial().extend({ id: z.string().min(1), name: z.string() });
const USER_DEFAULTS: Omit<PublicUser, 'id' | 'name'> = {
  role: 'USER',
  provider: 'local',
  plugins: [],
  inviteCode: '',
  emailVerified: false,
  // Assumed set: the account page then asks for the current password, which the server checks anyway.
  hasPassword: true,
  createdAt: '',
  updatedAt: '',
};

/** A user from an API answer, or null when it has no id or name. */
export function readUser(body: unknown): PublicUser | null {
  const strict = publicUserSchema.safeParse(body);
  if (strict.success) return strict.data;
  const loose = looseUser.safeParse(body);
  if (!loose.success) return null;
  const fields = Object.fromEntries(Object.entries(loose.data).filter(([, v]) => v !== undefined));
  return { ...USER_DEFAULTS, ...fields } as PublicUser;
}

/** {token, user} from a login, register or refresh answer, or null when there is no usable token. */
export function readAuthResult(body: unknown): AuthResult | null {
  const strict = authResultSchema.safeParse(body);
  if (strict.success) return strict.data.token ? strict.data : null;
  if (typeof body !== 'object' || body === null) return null;
  const { token, user } = body as { token?: unknown; user?: unknown };
  const parsedUser = readUser(user);
  return typeof token === 'string' && token && parsedUser ? { token, user: parsedUser } : null;
}

const unexpectedBody = () => new ApiError(500, 'The server answered with an unexpected body');

/** The user of an answer that must hold one; an ApiError (500) when it does not. */
export function requireUser(body: unknown): PublicUser {
  const user = readUser(body);
  if (!user) throw unexpectedBody();
  return user;
}

/** {token, user} of an answer that must hold them; an ApiError (500) when it does not. */
export function requireAuthResult(body: unknown): AuthResult {
  const result = readAuthResult(body);
  if (!result) throw unexpectedBody();
  return result;
}
