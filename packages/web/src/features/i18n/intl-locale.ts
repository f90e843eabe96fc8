/**
 * The locale to give Intl for an interface language. zh-TC is Parley's name for Traditional Chinese, not a BCP 47
 * tag Intl knows: it formats as Taiwan does. Arabic keeps Western digits, as prices, codes and counts elsewhere in
 * the app are written (docs/decisions.md, "Arabic numbers").
 */
export function intlLocale(language: string | undefined): string {
  if (language === 'zh-TC') return 'zh-Hant-TW';
  if (language === 'ar-EG') return 'ar-EG-u-nu-latn';
  return language || 'en-US';
}
