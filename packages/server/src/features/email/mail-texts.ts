import type { MailMessage } from './mailer';
import { languageFromAcceptLanguage, type Language } from '@parley/shared';
import { escapeHtml } from '../../lib/escape-html';
import { serverText } from '../../locales';

/** Mails are written in any of the 18 interface languages (packages/server/src/locales). */
export type MailLanguage = Language;

/** The mail language from the request's Accept-Language (the server keeps no language per user). */
export function mailLanguage(acceptLanguage: string | undefined): MailLanguage {
  return languageFromAcceptLanguage(acceptLanguage);
}

interface LinkMail {
  subject: string;
  greeting: string;
  lines: string[];
  button: string;
  ignore: string;
}

/** Plain text plus a simple HTML body with one button; the link is in both, whole, so any client can follow it. */
function linkMail(to: string, link: string, parts: LinkMail, rtl = false): MailMessage {
  const text = [parts.greeting, '', ...parts.lines, '', link, '', parts.ignore].join('\n');
  const html = [
    `<div dir="${rtl ? 'rtl' : 'ltr'}" style="font-family:sans-serif;font-size:15px;line-height:1.5;color:#1f2937">`,
    `<p>${escapeHtml(parts.greeting)}</p>`,
    ...parts.lines.map((line) => `<p>${escapeHtml(line)}</p>`),
    `<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:10px 18px;background:#0f766e;` +
      `color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(parts.button)}</a></p>`,
    `<p style="font-size:13px;color:#6b7280">${escapeHtml(link)}</p>`,
    `<p style="font-size:13px;color:#6b7280">${escapeHtml(parts.ignore)}</p>`,
    '</div>',
  ].join('');
  return { to, subject: parts.subject, text, html };
}

/** One link mail from the catalogue: `mail_{kind}_subject`, `_body`, `_button`, `_ignore`. */
function catalogueMail(
  kind: string,
  lang: MailLanguage,
  appTitle: string,
  to: string,
  name: string,
  link: string,
) {
  const text = (key: string) => serverText(lang, `mail_${kind}_${key}`, { appTitle, name });
  return linkMail(
    to,
    link,
    {
      subject: text('subject'),
      greeting: serverText(lang, 'mail_hello', { name }),
      lines: [text('body')],
      button: text('button'),
      ignore: text('ignore'),
    },
    lang === 'ar-EG',
  );
}

export function resetMail(lang: MailLanguage, appTitle: string, to: string, name: string, link: string) {
  return catalogueMail('reset', lang, appTitle, to, name, link);
}

export function activationMail(lang: MailLanguage, appTitle: string, to: string, name: string, link: string) {
  return catalogueMail('activation', lang, appTitle, to, name, link);
}

/** The account page's link that binds (or verifies) an address (docs/reference/accounts.md (The account page)). */
export function bindEmailMail(lang: MailLanguage, appTitle: string, to: string, name: string, link: string) {
  return catalogueMail('bind', lang, appTitle, to, name, link);
}
