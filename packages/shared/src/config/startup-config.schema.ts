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
  /** Whether sign-in by phone number and SMS code is on (an SMS provider is configured). */
  smsEnabled: z.boolean(),
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
  /** Whether cards and packs are for sale: the balance is on and a payment provider is set. */
  shopEnabled: z.boolean(),
  /**
   * The model-name patterns of the gpt-4 class (`*` any run of characters): a model matching one spends GPT-4 free
   * uses, every other model GPT-3.5 ones (docs/reference/balance.md (Model families)). Empty while the server keeps
   * no balance.
   */
  gpt4Models: z.array(z.string()),
  searchEnabled: z.boolean(),
  /** Whether users may make share links (ALLOW_SHARED_LINKS); the web then offers Share. */
  sharedLinksEnabled: z.boolean(),
  /** Whether a share link is readable signed out (sharing on and ALLOW_SHARED_LINKS_PUBLIC). */
  publicSharedLinksEnabled: z.boolean(),
  /** Megabytes (may be fractional), as in `GET /api/files/config`. */
  avatarSizeLimit: z.number(),
  /** The names of the configured endpoints, in menu order (the order of `GET /api/endpoints`). */
  endpoints: z.array(z.string()),
  version: z.string(),
  /** The outside links and support contacts (docs/reference/commerce.md (The web's commerce screens)); null: unset. */
  vipMirrorUrl: z.string().nullable(),
  usageHelpUrl: z.string().nullable(),
  officialMirrorUrl: z.string().nullable(),
  appDownloadUrl: z.string().nullable(),
  support: z.object({ qq: z.string().nullable(), email: z.string().nullable() }).nullable(),
});
export type StartupConfig = z.infer<typeof startupConfigSchema>;
