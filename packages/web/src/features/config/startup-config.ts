import { startupConfigSchema, type StartupConfig } from '@parley/shared';

/** What the app assumes until (or unless) GET /api/config answers: password login and sign-up, nothing else. */
export const DEFAULT_STARTUP_CONFIG: StartupConfig = {
  appTitle: '',
  customFooter: null,
  serverDomain: '',
  registrationEnabled: true,
  emailLoginEnabled: true,
  emailEnabled: false,
  smsEnabled: false,
  socialLoginEnabled: false,
  socialLogins: [],
  discordLoginEnabled: false,
  facebookLoginEnabled: false,
  githubLoginEnabled: false,
  googleLoginEnabled: false,
  openidLoginEnabled: false,
  openidLabel: '',
  openidImageUrl: '',
  showBirthdayIcon: false,
  checkBalance: false,
  shopEnabled: false,
  modelClasses: [],
  balanceRules: null,
  searchEnabled: false,
  sharedLinksEnabled: false,
  publicSharedLinksEnabled: false,
  avatarSizeLimit: 2,
  endpoints: [],
  version: '',
  vipMirrorUrl: null,
  usageHelpUrl: null,
  officialMirrorUrl: null,
  appDownloadUrl: null,
  support: null,
};

/** Keeps every field the server sent that is well formed; the rest come from the defaults. */
export function readStartupConfig(body: unknown): StartupConfig {
  const full = startupConfigSchema.safeParse(body);
  if (full.success) return full.data;
  if (typeof body !== 'object' || body === null) return DEFAULT_STARTUP_CONFIG;
  const config: Record<string, unknown> = { ...DEFAULT_STARTUP_CONFIG };
  for (const [key, schema] of Object.entries(startupConfigSchema.shape)) {
    const field = schema.safeParse((body as Record<string, unknown>)[key]);
    if (field.success) config[key] = field.data;
  }
  return config as StartupConfig;
}
