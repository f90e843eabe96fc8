import { useMutation, useQuery } from '@tanstack/react-query';
import type {
  AuthResult,
  LoginPayload,
  PhoneLoginPayload,
  PublicUser,
  RegisterPayload,
  SendVerifyCodeResult,
} from '@parley/shared';
import { api } from '../../lib/api';
import { requireAuthResult, requireUser } from '../../lib/auth-result';
import { queryKeys } from '../../lib/query-client';
import { useAuthStore } from './auth.store';
import { logout, signIn } from './session';

/** The signed-in user, fetched with the in-memory token (docs/reference/accounts.md (The session in the browser)). */
export function useUserQuery() {
  const token = useAuthStore((s) => s.token);
  return useQuery({
    queryKey: queryKeys.user,
    enabled: Boolean(token),
    queryFn: async (): Promise<PublicUser> => {
      const user = requireUser(await api.call('getUser'));
      useAuthStore.getState().setUser(user);
      return user;
    },
  });
}

export function useLoginMutation() {
  return useMutation({
    // A 401 here means wrong credentials, not an expired token: no refresh.
    mutationFn: async (payload: LoginPayload) =>
      requireAuthResult(await api.call('login', { body: payload }, { refreshOn401: false })),
    onSuccess: signIn,
  });
}

/**
 * Registration signs the user in, or, on a server that sends e-mail, answers only a message: the account waits for
 * its activation link (docs/reference/accounts.md (E-mail activation)); the answer is then `{awaitsActivation}`.
 */
export function useRegisterMutation() {
  return useMutation({
    mutationFn: async (payload: RegisterPayload): Promise<AuthResult | { awaitsActivation: true }> => {
      const body = await api.call('register', { body: payload }, { refreshOn401: false });
      if (body && typeof body === 'object' && !('token' in body) && 'message' in body) {
        return { awaitsActivation: true };
      }
      return requireAuthResult(body);
    },
    onSuccess: (result) => {
      if ('token' in result) signIn(result);
    },
  });
}

/** Texts a sign-in code (docs/reference/accounts.md (Phone sign-in)). */
export function useSendVerifyCodeMutation() {
  return useMutation({
    mutationFn: (phoneNumber: string): Promise<SendVerifyCodeResult> =>
      api.call('sendVerifyCode', { body: { phoneNumber } }, { refreshOn401: false }),
  });
}

/** Phone and code: signs an existing phone in, or creates the account when a first-login password came with it. */
export function usePhoneLoginMutation() {
  return useMutation({
    mutationFn: async (payload: PhoneLoginPayload) =>
      requireAuthResult(await api.call('phoneLogin', { body: payload }, { refreshOn401: false })),
    onSuccess: signIn,
  });
}

export function useLogoutMutation() {
  return useMutation({ mutationFn: logout });
}
