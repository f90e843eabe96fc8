import type { MailMessage } from './mailer';
import { escapeHtml } from '../../lib/escape-html';

/** The languages mails are written in: Chinese for a browser asking for any Chinese, English otherwise. */
export type MailLanguage = 'en-US' | 'zh-CN';

/** The mail language from the request's Accept-Language (the server keeps no language per user). */
export function mailLanguage(acceptLanguage: string | undefined): MailLanguage {
  const first = (acceptLanguage ?? '').split(',')[0]?.trim().toLowerCase() ?? '';
  return first.startsWith('zh') ? 'zh-CN' : 'en-US';
}

interface LinkMail {
  subject: string;
  greeting: string;
  lines: string[];
  button: string;
  ignore: string;
}

/** Plain text plus a simple HTML body with one button; the link is in both, whole, so any client can follow it. */
function linkMail(to: string, link: string, parts: LinkMail): MailMessage {
  const text = [parts.greeting, '', ...parts.lines, '', link, '', parts.ignore].join('\n');
  const html = [
    '<div style="font-family:sans-serif;font-size:15px;line-height:1.5;color:#1f2937">',
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

export function resetMail(lang: MailLanguage, appTitle: string, to: string, name: string, link: string) {
  return linkMail(
    to,
    link,
    lang === 'zh-CN'
      ? {
          subject: `${appTitle}：重置密码`,
          greeting: `${name}，您好：`,
          lines: [
            '我们收到了重置您密码的请求。请点击下面的链接设置新密码，链接 15 分钟内有效，且只能使用一次。',
          ],
          button: '重置密码',
          ignore: '如果这不是您本人的操作，请忽略本邮件，您的密码不会改变。',
        }
      : {
          subject: `${appTitle}: reset your password`,
          greeting: `Hello ${name},`,
          lines: [
            'We received a request to reset your password. Follow the link below to choose a new one; it is valid ' +
              'for 15 minutes and works once.',
          ],
          button: 'Reset password',
          ignore: 'If you did not ask for this, ignore this e-mail: your password stays as it is.',
        },
  );
}

export function activationMail(lang: MailLanguage, appTitle: string, to: string, name: string, link: string) {
  return linkMail(
    to,
    link,
    lang === 'zh-CN'
      ? {
          subject: `${appTitle}：激活您的账号`,
          greeting: `${name}，您好：`,
          lines: ['感谢注册！请点击下面的链接激活账号，链接 15 分钟内有效。'],
          button: '激活账号',
          ignore: '如果您没有注册过账号，请忽略本邮件。',
        }
      : {
          subject: `${appTitle}: activate your account`,
          greeting: `Hello ${name},`,
          lines: [
            'Thanks for signing up! Follow the link below to activate your account; it is valid for 15 minutes.',
          ],
          button: 'Activate account',
          ignore: 'If you did not sign up, ignore this e-mail.',
        },
  );
}

/** The account page's link that binds (or verifies) an address (docs/reference/accounts.md (The account page)). */
export function bindEmailMail(lang: MailLanguage, appTitle: string, to: string, name: string, link: string) {
  return linkMail(
    to,
    link,
    lang === 'zh-CN'
      ? {
          subject: `${appTitle}：验证您的邮箱`,
          greeting: `${name}，您好：`,
          lines: ['请点击下面的链接，验证此邮箱并绑定到您的账号。链接 15 分钟内有效，且只能使用一次。'],
          button: '验证邮箱',
          ignore: '如果这不是您本人的操作，请忽略本邮件，此邮箱不会被绑定。',
        }
      : {
          subject: `${appTitle}: verify your email`,
          greeting: `Hello ${name},`,
          lines: [
            'Follow the link below to verify this address and bind it to your account; it is valid for 15 minutes ' +
              'and works once.',
          ],
          button: 'Verify email',
          ignore: 'If you did not ask for this, ignore this e-mail: the address will not be bound.',
        },
  );
}
