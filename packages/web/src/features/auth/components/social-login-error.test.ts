import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { beforeAll, describe, expect, it } from 'vitest';
import { enUS } from '../../../locales/catalogues';
import { initEnglishTexts } from '../../i18n/english.test-helpers';
import { queryKeys } from '../../../lib/query-client';
import { DEFAULT_STARTUP_CONFIG } from '../../config/startup-config';
import { SocialLoginErrorAlert } from './social-login-error';

beforeAll(initEnglishTexts);

/** The alert on a login page whose startup config has arrived, with e-mail on or off. */
function render(code: string, emailEnabled: boolean): string {
  const client = new QueryClient();
  client.setQueryData(queryKeys.startupConfig, { ...DEFAULT_STARTUP_CONFIG, emailEnabled });
  const html = renderToStaticMarkup(
    createElement(QueryClientProvider, { client }, createElement(SocialLoginErrorAlert, { code })),
  );
  // The text a reader sees: no tags, entities back to characters.
  return html
    .replace(/<[^>]*>/g, '')
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');
}

describe('the social sign-in error on the login page', () => {
  it('sends the owner of an unverified account to "Forgot password?" when the server mails', () => {
    expect(render('account_not_verified', true)).toBe(enUS.com_auth_social_error_account_not_verified);
  });

  it('sends them to the administrator when the server sends no e-mail', () => {
    expect(render('account_not_verified', false)).toBe(
      enUS.com_auth_social_error_account_not_verified_no_email,
    );
  });

  it('shows the other codes alike either way, and the general failure for an unknown one', () => {
    for (const emailEnabled of [true, false]) {
      expect(render('email_not_verified', emailEnabled)).toBe(enUS.com_auth_social_error_email_not_verified);
      expect(render('no-such-code', emailEnabled)).toBe(enUS.com_auth_social_error_failed);
    }
  });
});
