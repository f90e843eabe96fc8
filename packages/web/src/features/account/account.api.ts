import { useMutation } from '@tanstack/react-query';
import type {
  BindPhoneInput,
  ChangePasswordInput,
  DeleteUserInput,
  PublicUser,
  RequestEmailChangeInput,
} from '@parley/shared';
import { api } from '../../lib/api';
import { requireUser } from '../../lib/auth-result';
import { queryClient, queryKeys } from '../../lib/query-client';
import { useAuthStore } from '../auth/auth.store';
import { signOutLocally } from '../auth/session';
import { useSettingsDialogStore } from '../settings/settings-dialog.store';
import { showToast } from '../toast/toast.store';
import { appNavigation } from '../../lib/navigation';

// The account page's calls (docs/reference/accounts.md (The account page)).

/** The user an account call answered becomes the one the whole app shows (menu, avatar letter, settings). */
function showUser(body: unknown): PublicUser {
  const user = requireUser(body);
  useAuthStore.getState().setUser(user);
  queryClient.setQueryData(queryKeys.user, user);
  return user;
}

export function useUpdateNameMutation() {
  return useMutation({
    mutationFn: async (name: string) => showUser(await api.call('updateUser', { body: { name } })),
  });
}

/** A wrong current password is a 400, not a 401: no refresh is tried for it. */
export function useChangePasswordMutation() {
  return useMutation({
    mutationFn: (body: ChangePasswordInput) => api.call('changePassword', { body }),
    onSuccess: () => {
      const user = useAuthStore.getState().user;
      if (user && !user.hasPassword) showUser({ ...user, hasPassword: true });
    },
  });
}

export function useBindPhoneMutation() {
  return useMutation({
    mutationFn: async (body: BindPhoneInput) => showUser(await api.call('bindPhone', { body })),
  });
}

export function useRequestEmailChangeMutation() {
  return useMutation({
    mutationFn: (body: RequestEmailChangeInput) => api.call('requestEmailChange', { body }),
  });
}

/**
 * After a deletion nothing of the session is left on the server: this tab forgets it too and goes to the sign-in
 * page, saying so. Done here rather than in the dialog, which goes away with the signed-in user.
 */
export function useDeleteAccountMutation(deletedMessage: string) {
  return useMutation({
    mutationFn: (body: DeleteUserInput) => api.call('deleteUser', { body }),
    onSuccess: () => {
      useSettingsDialogStore.getState().close();
      showToast({ message: deletedMessage, severity: 'success' });
      signOutLocally();
      queryClient.clear();
      appNavigation.go('/login');
    },
  });
}
