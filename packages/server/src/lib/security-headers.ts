import type { FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';

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
      },
    },
    crossOriginEmbedderPolicy: false,
  });
}
