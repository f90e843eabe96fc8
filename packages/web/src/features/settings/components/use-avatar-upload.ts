import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PublicUser } from '@parley/shared';
import { queryKeys } from '../../../lib/query-client';
import { useAuthStore } from '../../auth/auth.store';
import { uploadAvatar } from '../../files/files.api';

/**
 * Uploads a new profile picture. Nothing changes before the server answers, so a failure keeps the old one;
 * on success the user (query cache and session) takes the new `avatar` URL, which every avatar then shows.
 */
export function useAvatarUpload() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => uploadAvatar(file, file.name),
    onSuccess: ({ url }) => {
      queryClient.setQueryData<PublicUser>(queryKeys.user, (user) =>
        user ? { ...user, avatar: url } : user,
      );
      const { user, setUser } = useAuthStore.getState();
      if (user) setUser({ ...user, avatar: url });
    },
  });
}
