import type { FastifyInstance, FastifyReply } from 'fastify';
import helmet from '@fastify/helmet';
import { IMAGE_CREATION_HOSTS, IMAGE_CREATION_PATH } from '@parley/shared';

export const IMG_SRC = ["'self'", 'data:', 'blob:', 'https:'];

/** Helmet headers with a CSP fit for the SPA: scripts only from this origin, no framing. */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // React and Radix set inline style attributes; no inline script is allowed.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // The app's own images, inline ones (previews, avatars being cropped), and https images a reply names,
        // which the renderer loads only when the user clicks (MarkdownImage): a policy cannot wait for a click,
        // so `https:` stays for that one path. No plain http: a clicked image must not travel unencrypted.
        imgSrc: IMG_SRC,
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        // A bingAI reply's image-creation iframe, the one frame a reply may show (shared's image-creation.ts).
        frameSrc: IMAGE_CREATION_HOSTS.map((host) => `https://${host}${IMAGE_CREATION_PATH}/`),
      },
    },
    crossOriginEmbedderPolicy: false,
  });
}

/**
 * Lets one reply run the inline script carrying `nonce` (a server-rendered page's few lines, such as the WeChat
 * Pay page's status poll): the policy helmet set for this request, with the nonce added to `script-src`. Every
 * other script stays refused.
 */
export function allowInlineScript(reply: FastifyReply, nonce: string): void {
  const policy = reply.getHeader('content-security-policy');
  if (typeof policy !== 'string') return;
  reply.header(
    'content-security-policy',
    policy.replace(/script-src ([^;]*)/, `script-src $1 'nonce-${nonce}'`),
  );
}
