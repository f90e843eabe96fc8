import type { i18n as I18n, TFunction } from 'i18next';

/** Messages may be i18n keys (shared schemas, server `key`) or plain server text; show either well. */
export function translateMessage(t: TFunction, i18n: I18n, message: string | undefined): string | undefined {
  if (!message) return undefined;
  return i18n.exists(message) ? t(message) : message;
}
