import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { mailLanguage, type MailLanguage } from '../email/mail-texts';

/** What a call that may send a mail needs from its request: the mail's language and where send failures go. */
export interface MailContext {
  lang: MailLanguage;
  log: FastifyBaseLogger;
}

export const mailContextOf = (request: FastifyRequest): MailContext => ({
  lang: mailLanguage(request.headers['accept-language']),
  log: request.log,
});
