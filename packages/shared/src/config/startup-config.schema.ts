import { z } from 'zod';
import { SOCIAL_PROVIDERS } from '../constants';
import { modelClassRuleSchema } from '../balance/model-class';

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
   * The operator's model-class rules, in the order they are tried (a model name or `*` pattern and its class); a
   * model none matches is classed by shared's built-in table (`modelClass`,
   * docs/reference/balance.md (Model classes)). Empty while the server keeps no balance.
   */
  modelClasses: z.array(modelClassRuleSchema),
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
  /**
   * LibreChat's interface settings Parley has: how long a temporary chat is kept, in hours
   * (docs/reference/conversations.md (Temporary chats)). Absent from an older server: the default.
   */
  interface: z.object({ temporaryChatRetention: z.number().int() }).optional(),
});
export type StartupConfig = z.infer<typeof startupConfigSchema>;
