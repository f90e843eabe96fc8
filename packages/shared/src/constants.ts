/** Endpoint identifiers, spelled exactly (docs/reference/endpoints-and-models.md (Endpoint identifiers)). */
export const BUILT_IN_ENDPOINTS = [
  'openAI',
  'azureOpenAI',
  'bingAI',
  'chatGPTBrowser',
  'google',
  'gptPlugins',
  'anthropic',
  'assistants',
] as const;

/** The root parent id of every message tree (docs/architecture.md (Data)). */
export const NIL_UUID = '00000000-0000-0000-0000-000000000000';

/** Application version (docs/reference/accounts.md (Startup config)). */
export const APP_VERSION = 'v0.6.10';

/** Session timings (docs/reference/accounts.md (Sessions and tokens; The session in the browser)). */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_TTL_SECONDS = 7 * 24 * 60 * 60;
export const REFRESH_COOKIE = 'refreshToken';
export const LOGIN_REDIRECT_DELAY_MS = 300;

/** Toast timings (docs/reference/settings-and-ui.md (Toasts)). */
export const TOAST_OPEN_DELAY_MS = 100;
export const TOAST_DURATION_MS = 3000;

/** Field limits (docs/reference/limits.md (Field limits)). A max is exclusive where the page says "not including". */
export const FIELD_LIMITS = {
  email: { min: 6, max: 120 },
  loginEmail: { min: 3, max: 120 },
  password: { min: 8, maxExclusive: 128 },
  /** In characters as users see them; one Han ideograph is also a name (see nameLongEnough). */
  name: { min: 2, maxExclusive: 80 },
  username: { min: 2, maxExclusive: 20 },
  phone: { length: 11 },
} as const;

/**
 * SMS sign-in codes (docs/reference/accounts.md (Phone sign-in)): 6 digits, valid 5 minutes, 5 tries, and one code
 * per phone every 60 s (the send button's countdown).
 */
export const SMS_CODE = {
  length: 6,
  ttlSeconds: 5 * 60,
  maxAttempts: 5,
  resendSeconds: 60,
} as const;

/** Browser storage keys (docs/reference/settings-and-ui.md (Browser storage)). */
export const STORAGE_KEYS = {
  lang: 'lang',
  selectedLang: 'selectedLang',
  colorTheme: 'color-theme',
  navVisible: 'navVisible',
  newUser: 'newUser',
  appTitle: 'appTitle',
  autoScroll: 'autoScroll',
  hideSidePanel: 'hideSidePanel',
  modularChat: 'modularChat',
  LaTeXParsing: 'LaTeXParsing',
  UsernameDisplay: 'UsernameDisplay',
  lastSelectedModel: 'lastSelectedModel',
  lastSelectedTools: 'lastSelectedTools',
  lastBingSettings: 'lastBingSettings',
  lastConversationSetup: 'lastConversationSetup',
  filesToDelete: 'filesToDelete',
  /** The export dialog's last choices (Parley's own). */
  exportChoices: 'exportChoices',
} as const;

/** Keys that logout removes from browser storage (docs/reference/accounts.md (The session in the browser)). */
export const LOGOUT_CLEARED_KEYS = [
  STORAGE_KEYS.lastConversationSetup,
  STORAGE_KEYS.lastSelectedModel,
  STORAGE_KEYS.lastSelectedTools,
  STORAGE_KEYS.filesToDelete,
] as const;

/** Interface languages (docs/reference/settings-and-ui.md (Languages)); en-US and zh-CN are always complete. */
export const LANGUAGES = [
  'en-US',
  'ar-EG',
  'zh-CN',
  'de-DE',
  'es-ES',
  'fr-FR',
  'it-IT',
  'pl-PL',
  'pt-BR',
  'ru-RU',
  'ja-JP',
  'sv-SE',
  'ko-KR',
  'zh-TC',
  'vi-VN',
  'tr-TR',
  'nl-NL',
  'id-ID',
] as const;
export type Language = (typeof LANGUAGES)[number];

/** Social login providers the login page knows (docs/reference/accounts.md (Social sign-in)). */
export const SOCIAL_PROVIDERS = ['discord', 'facebook', 'github', 'google', 'openid'] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];
