import { createTransport } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import type { MailSettings } from '../../config/mail-settings';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Nodemailer's SMTP options from the EMAIL_* settings (docs/reference/accounts.md (E-mail settings)). */
export function transportOptions(mail: MailSettings): SMTPTransport.Options {
  return {
    ...(mail.service ? { service: mail.service } : { host: mail.host ?? undefined, port: mail.port }),
    secure: mail.encryption === 'tls',
    requireTLS: mail.encryption === 'starttls',
    tls: {
      ...(mail.encryptionHostname ? { servername: mail.encryptionHostname } : {}),
      rejectUnauthorized: !mail.allowSelfSigned,
    },
    auth: { user: mail.username, pass: mail.password },
  };
}

/** Sends one mail; a transport per mail, since these are rare (sign-up, reset) and a pool would hold sockets open. */
export async function sendMail(mail: MailSettings, appTitle: string, message: MailMessage): Promise<void> {
  const transport = createTransport(transportOptions(mail));
  try {
    await transport.sendMail({
      from: { name: mail.fromName ?? appTitle, address: mail.from },
      ...message,
    });
  } finally {
    transport.close();
  }
}
