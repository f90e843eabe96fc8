import { useEffect } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { LOGIN_REDIRECT_DELAY_MS } from '@parley/shared';
import { Spinner } from '../../../components/ui/spinner';
import { errorText, isApiError, isBanError } from '../../../lib/api-error';
import { useUserQuery } from '../../auth/auth.api';
import { useAuthStore } from '../../auth/auth.store';
import { useSyncFeed } from '../../chat/hooks/use-sync-feed';
import { signOutLocally } from '../../auth/session';
import { usePaidReturn } from '../../commerce/hooks/use-paid-return';
import { useSendPendingDeletes } from '../../files/hooks/use-send-pending-deletes';
import { showToast } from '../../toast/toast.store';
import { FilesPanelSlot } from '../../my-files/components/files-panel-slot';
import { SidePanelLayout } from '../../side-panel/components/side-panel-layout';
import { ShellDialogs } from './shell-dialogs';
import { Sidebar } from './sidebar';
import { TopBar } from './top-bar';
import { useAppShortcuts } from '../use-app-shortcuts';

/**
 * The signed-in shell: sidebar and main area. Anonymous visitors go to /login after 300 ms
 * (docs/reference/settings-and-ui.md (Routes)).
 */
export function ChatLayout() {
  const navigate = useNavigate();
  const { search } = useLocation();
  const status = useAuthStore((s) => s.status);
  const user = useAuthStore((s) => s.user);
  const userQuery = useUserQuery();
  useSendPendingDeletes(status === 'authenticated' && Boolean(user));
  useAppShortcuts();
  usePaidReturn(status === 'authenticated' && Boolean(user));
  useSyncFeed(status === 'authenticated' && user ? user.id : null);

  useEffect(() => {
    if (status !== 'unauthenticated') return;
    const timer = setTimeout(() => navigate(`/login${search}`, { replace: true }), LOGIN_REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [status, search, navigate]);

  // A failed user fetch shows its message and ends at /login (docs/reference/accounts.md (The session in the browser));
  // 401s and bans are handled globally.
  const failure = userQuery.error;
  useEffect(() => {
    if (!failure || (isApiError(failure) && failure.status === 401) || isBanError(failure)) return;
    showToast({ message: errorText(failure), severity: 'error' });
    signOutLocally();
    void navigate('/login', { replace: true });
  }, [failure, navigate]);

  if (status !== 'authenticated' || !user) {
    return (
      <div className="h-dvh bg-white dark:bg-zinc-950">
        <Spinner />
      </div>
    );
  }

  return (
    <div className="flex h-dvh overflow-hidden bg-white text-zinc-900 dark:bg-zinc-950 dark:text-zinc-100">
      <Sidebar user={user} />
      <SidePanelLayout>
        <TopBar />
        <main className="flex-1 overflow-y-auto">
          <Outlet />
        </main>
      </SidePanelLayout>
      <FilesPanelSlot />
      <ShellDialogs />
    </div>
  );
}
