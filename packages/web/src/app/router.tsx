import { createBrowserRouter, Navigate } from 'react-router';
import { LoginPage } from '../features/auth/components/login-page';
import { RegisterPage } from '../features/auth/components/register-page';
import { ChatPage } from '../features/chat/chat-page';
import { HelpPage } from '../features/help/help-page';
import { HomePage } from '../features/home/home-page';
import { ChatLayout } from '../features/nav/components/chat-layout';
import { ForgotPasswordPage } from '../features/password-reset/forgot-password-page';
import { ResetPasswordPage } from '../features/password-reset/reset-password-page';
import { SearchPage } from '../features/search/search-page';
import { ErrorPage } from './error-page';
import { InviteRedirect } from './invite-redirect';
import { RootLayout } from './root-layout';

/** Every route of spec 1 §2 and spec 2 §2. Static segments outrank `/:inviteCode`. */
export function createAppRouter() {
  return createBrowserRouter([
    {
      element: <RootLayout />,
      errorElement: <ErrorPage />,
      children: [
        { path: '/login', element: <LoginPage /> },
        { path: '/register', element: <RegisterPage /> },
        { path: '/forgot-password', element: <ForgotPasswordPage /> },
        { path: '/reset-password', element: <ResetPasswordPage /> },
        { path: '/home', element: <HomePage /> },
        {
          path: '/',
          element: <ChatLayout />,
          children: [
            { index: true, element: <Navigate to="/c/new" replace /> },
            { path: 'c/:conversationId?', element: <ChatPage /> },
            { path: 'chat/:conversationId?', element: <ChatPage /> },
            { path: 'search/:query?', element: <SearchPage /> },
            { path: 'help', element: <HelpPage /> },
          ],
        },
        { path: '/:inviteCode', element: <InviteRedirect /> },
        { path: '*', element: <ErrorPage /> },
      ],
    },
  ]);
}
