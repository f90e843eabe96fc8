import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { Providers } from './app/providers';
import { createAppRouter } from './app/router';
import { installFocusMemory } from './components/ui/return-focus';
import { installSession, startSession } from './features/auth/session';
import { initI18n } from './features/i18n/i18n';
import './index.css';

installSession();
installFocusMemory();
// The silent refresh starts before the first render; routes wait on the session status. The language's catalogue
// loads meanwhile, and the app renders once it is there (no text flashes in another language).
void startSession();

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

void initI18n().then(() =>
  createRoot(root).render(
    <StrictMode>
      <Providers>
        <RouterProvider router={createAppRouter()} />
      </Providers>
    </StrictMode>,
  ),
);
