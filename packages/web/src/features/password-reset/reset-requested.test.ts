// @vitest-environment happy-dom
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { beforeAll, describe, expect, it } from 'vitest';
import { enUS } from '../../locales/catalogues';
import { initEnglishTexts } from '../i18n/english.test-helpers';
import { queryKeys } from '../../lib/query-client';
import { DEFAULT_STARTUP_CONFIG } from '../config/startup-config';
import { ResetRequested } from './forgot-password-page';

beforeAll(initEnglishTexts);

/** What the forgot-password page shows after a request, on a server with e-mail on or off. */
function render(emailEnabled: boolean, link?: string): { text: string; resetHref: string | null } {
  const client = new QueryClient();
  client.setQueryData(queryKeys.startupConfig, { ...DEFAULT_STARTUP_CONFIG, emailEnabled });
  const html = renderToStaticMarkup(
    createElement(
      QueryClientProvider,
      { client },
      createElement(MemoryRouter, null, createElement(ResetRequested, { link })),
    ),
  );
  const host = document.createElement('div');
  host.innerHTML = html;
  return {
    text: host.querySelector('[role="alert"], [role="status"]')?.textContent ?? host.textContent ?? '',
    resetHref: host.querySelector('[data-testid="reset-link"]')?.getAttribute('href') ?? null,
  };
}

describe('after a password reset request', () => {
  it('says the link was mailed when the server sends e-mail', () => {
    expect(render(true)).toEqual({ text: enUS.com_auth_reset_password_link_sent, resetHref: null });
  });

  it('tells the user to ask the administrator when the server sends none and hands out no link', () => {
    expect(render(false)).toEqual({ text: enUS.com_auth_reset_ask_admin, resetHref: null });
  });

  it("offers the link a local trial's server hands out, on this app's own reset screen", () => {
    const shown = render(false, 'http://elsewhere.example/reset-password?token=abc&userId=u1');
    expect(shown).toEqual({
      text: enUS.com_auth_reset_link_no_email,
      resetHref: '/reset-password?token=abc&userId=u1',
    });
  });
});
