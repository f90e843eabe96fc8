import { z } from 'zod';
import { SOCIAL_PROVIDERS } from '../constants';

/**
 * What `GET /api/config` answers: everything the web needs before sign-in
 * (docs/reference/accounts.md (Startup config)).
 */
export const startupConfigSchema = z.object({
  appTitle: z.string(),
  customFooter: z.string().nullable(),
  serverDomain: z.string(),
  registrationEnabled: z.boolean(),
  emailLoginEnabled: z.boolean(),
  emailEnabled: z.boolean(),
  socialLoginEnabled: z.boolean(),
  socialLogins: z.array(z.enum(SOCIAL_PROVIDERS)),
  discordLoginEnabled: z.boolean(),
  facebookLoginEnabled: z.boolean(),
  githubLoginEnabled: z.boolean(),
  googleLoginEnabled: z.boolean(),
  openidLoginEnabled: z.boolean(),
  openidLabel: z.string(),
  openidImageUrl: z.string(),
  showBirthdayIcon: z.boolean(),
  checkBalance: z.boolean(),
  searchEnabled: z.boolean(),
  /** Megabytes (may be fractional), as in `GET /api/files/config`. */
  avatarSizeLimit: z.number(),
  /** The names of the configured endpoints, in menu order (the order of `GET /api/endpoints`). */
  endpoints: z.array(z.string()),
  version: z.string(),
});
export type StartupConfig = z.infer<typeof startupConfigSchema>;
