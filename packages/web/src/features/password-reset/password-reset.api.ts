import { useMutation } from '@tanstack/react-query';
import {
  resetRequestResultSchema,
  type ForgotPasswordPayload,
  type ResetPasswordPayload,
  type ResetRequestResult,
  type VerifyEmailPayload,
} from '@parley/shared';
import { api } from '../../lib/api';

// The calls of docs/reference/accounts.md (Forgot and reset password): none needs a session, so none refreshes on 401.

export function useRequestResetMutation() {
  return useMutation({
    mutationFn: async (payload: ForgotPasswordPayload): Promise<ResetRequestResult> => {
      const parsed = resetRequestResultSchema.safeParse(
        await api.call('requestPasswordReset', { body: payload }, { refreshOn401: false }),
      );
      return parsed.success ? parsed.data : { message: '' };
    },
  });
}

export function useResetPasswordMutation() {
  return useMutation({
    mutationFn: (payload: ResetPasswordPayload) =>
      api.call('resetPassword', { body: payload }, { refreshOn401: false }),
  });
}

export function useVerifyEmailMutation() {
  return useMutation({
    mutationFn: (payload: VerifyEmailPayload) =>
      api.call('verifyEmail', { body: payload }, { refreshOn401: false }),
  });
}
