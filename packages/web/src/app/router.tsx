import { useEffect } from 'react';
import { createBrowserRouter, Navigate } from 'react-router';
import { ChatPage } from '../features/chat/chat-page';
import { ChatLayout } from '../features/nav/components/chat-layout';
import { useSettingsDialogStore } from '../features/settings/settings-dialog.store';
import { ErrorPage } from './error-page';
import { RootLayout } from './root-layout';

// Pages a signed-in user does not see on /c/new load on demand, so they stay out of the initial JavaScript
// (< 250 KB gzip for /c/new: docs/architecture.md (Performance budgets)). The chat screen and its shell stay in the
// entry chunk.
const notFoundPages = () => import('../features/not-found/invite-page');
const lazyPage = {
  login: async () => ({ Component: (await import('../features/auth/components/login-page')).LoginPage }),
  register: async () => ({
    Component: (await import('../features/auth/components/register-page')).RegisterPage,
  }),
  forgot: async () => ({
    Component: (await import('../features/password-reset/forgot-password-page')).ForgotPasswordPage,
  }),
  reset: async () => ({
    Component: (await import('../features/password-reset/reset-password-page')).ResetPasswordPage,
  }),
  verify: async () => ({
    Component: (await import('../features/password-reset/verify-email-page')).VerifyEmailPage,
  }),
  home: async () => ({ Component: (await import('../features/home/home-page')).HomePage }),
  search: async () => ({ Component: (await import('../features/search/search-page')).SearchPage }),
  help: async () => ({ Component: (await import('../features/help/help-page')).HelpPage }),
  invite: async () => ({ Component: (await notFoundPages()).InvitePage }),
  notFound: async () => ({ Component: (await notFoundPages()).NotFoundPage }),
  share: async () => ({ Component: (await import('../features/share/share-page')).SharePage }),
};

/** /settings: the settings dialog over a new chat (docs/reference/settings-and-ui.md (Routes)). */
function OpenSettings() {
  useEffect(() => useSettingsDialogStore.getState().show(), []);
  return <Navigate to="/c/new" replace />;
}

/** Every route of docs/reference/settings-and-ui.md (Routes). Static segments outrank `/:inviteCode`. */
export function createAppRouter() {
  return createBrowserRouter([
    {
      element: <RootLayout />,
      errorElement: <ErrorPage />,
      children: [
        { path: '/login', lazy: lazyPage.login },
        { path: '/register', lazy: lazyPage.register },
        { path: '/forgot-password', lazy: lazyPage.forgot },
        { path: '/reset-password', lazy: lazyPage.reset },
        { path: '/verify', lazy: lazyPage.verify },
        { path: '/home', lazy: lazyPage.home },
        // A shared conversation, readable signed out (docs/reference/sharing.md (What a link shows)).
        { path: '/share/:shareId', lazy: lazyPage.share },
        {
          path: '/',
          element: <ChatLayout />,
          children: [
            { index: true, element: <Navigate to="/c/new" replace /> },
            { path: 'c/:conversationId?', element: <ChatPage /> },
            { path: 'chat/:conversationId?', element: <ChatPage /> },
            { path: 'search/:query?', lazy: lazyPage.search },
            { path: 'help', lazy: lazyPage.help },
            { path: 'settings', element: <OpenSettings /> },
          ],
        },
        { path: '/:inviteCode', lazy: lazyPage.invite },
        { path: '*', lazy: lazyPage.notFound },
      ],
    },
  ]);
}
