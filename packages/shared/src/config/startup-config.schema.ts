import { z } from 'zod';
import { SOCIAL_PROVIDERS } from '../constants';
import { modelClassRuleSchema } from '../balance/model-class';

/** Credits (in units: 100000 = 1 credit) and free uses of each model class, as the operator grants them. */
const grantSchema = z.object({
  credits: z.number().int(),
  gpt3Uses: z.number().int(),
  gpt4Uses: z.number().int(),
});

/**
 * The figures the help page states (docs/reference/home-and-help.md (Help)): the prices, the gifts and the invite
 * shares the server actually applies, so the page never states a number the operator has changed.
 */
export const balanceRulesSchema = z.object({
  /** `call`: a price per call (`callCost`); `tokens`: by the tokens of each call. */
  pricing: z.enum(['call', 'tokens']),
  /** Units one call costs in each class (what a call costs in credits once its free uses are spent). */
  callCost: z.object({ 'gpt-3': z.number().int(), 'gpt-4': z.number().int() }),
  registrationGift: grantSchema,
  /** What a user whose credits are below zero is brought back to each day at 00:01 in `timeZone`. */
  dailyRestore: grantSchema,
  /** The IANA zone whose 00:01 starts the daily jobs. */
  timeZone: z.string(),
  /** The share of each payment the payer's inviter earns, in percent. */
  invitePercent: z.number(),
  /** The share the inviter's own inviter earns, in percent. */
  inviteSecondLevelPercent: z.number(),
  /** Units an invited user gets beside the registration gift. */
  inviteGift: z.number().int(),
});
export type BalanceRules = z.infer<typeof balanceRulesSchema>;

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
  /** The prices, gifts and invite shares while the balance is on; null while it is off. */
  balanceRules: balanceRulesSchema.nullable(),
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
