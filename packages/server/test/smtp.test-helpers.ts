import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';
import type { AddressInfo } from 'node:net';

/** A mail the local SMTP server received, parsed, with the login the sender used. */
export interface ReceivedMail {
  to: string;
  from: string;
  subject: string;
  text: string;
  html: string;
  auth: { username: string; password: string } | null;
}

export interface LocalSmtp {
  port: number;
  /** Every mail received so far, oldest first. */
  mails: ReceivedMail[];
  /** The next mail to this address (one already received and not yet taken counts), or an error after `timeoutMs`. */
  nextMail(to: string, timeoutMs?: number): Promise<ReceivedMail>;
  /** The EMAIL_* variables that point Parley at this server. */
  env: Record<string, string>;
  close(): Promise<void>;
}

export const SMTP_USER = 'parley-mailer';
export const SMTP_PASSWORD = 'smtp-secret';

const addressOf = (mail: ParsedMail): string => {
  const to = Array.isArray(mail.to) ? mail.to[0] : mail.to;
  return to?.value[0]?.address?.toLowerCase() ?? '';
};

/**
 * A real SMTP server on 127.0.0.1 (the smtp-server package), for tests that read what Parley sends: no STARTTLS, so
 * the login goes in clear over loopback, and any user name and password are accepted (and recorded).
 */
export async function startLocalSmtp(): Promise<LocalSmtp> {
  const mails: ReceivedMail[] = [];
  const taken = new Set<ReceivedMail>();
  const waiters: { to: string; resolve: (mail: ReceivedMail) => void }[] = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, session, callback) {
      callback(null, { user: { username: auth.username, password: auth.password } });
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const user = session.user as unknown as { username: string; password: string } | undefined;
          const mail: ReceivedMail = {
            to: addressOf(parsed),
            from: parsed.from?.text ?? '',
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            auth: user ?? null,
          };
          mails.push(mail);
          const waiter = waiters.findIndex((w) => w.to === mail.to);
          if (waiter >= 0) {
            taken.add(mail);
            waiters.splice(waiter, 1)[0]!.resolve(mail);
          }
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;

  return {
    port,
    mails,
    nextMail(to, timeoutMs = 5000) {
      const address = to.toLowerCase();
      const waiting = mails.find((m) => m.to === address && !taken.has(m));
      if (waiting) {
        taken.add(waiting);
        return Promise.resolve(waiting);
      }
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`no mail to ${to} within ${timeoutMs} ms`)),
          timeoutMs,
        );
        waiters.push({
          to: address,
          resolve: (mail) => {
            clearTimeout(timer);
            resolve(mail);
          },
        });
      });
    },
    env: {
      EMAIL_HOST: '127.0.0.1',
      EMAIL_PORT: String(port),
      EMAIL_USERNAME: SMTP_USER,
      EMAIL_PASSWORD: SMTP_PASSWORD,
      EMAIL_FROM: 'noreply@parley.test',
      EMAIL_FROM_NAME: 'Parley Test',
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The first link in a mail's text that goes to `path` on the web app (`/reset-password`, `/verify`). */
export function linkIn(mail: ReceivedMail, path: string): URL {
  const match = mail.text.match(new RegExp(`https?://\\S+${path}\\?\\S+`));
  if (!match) throw new Error(`no ${path} link in: ${mail.text}`);
  return new URL(match[0]);
}
