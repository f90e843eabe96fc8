import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguageStore, type LanguageSelection } from './language.store';

// The order of the selector in docs/reference/settings-and-ui.md (Languages). Each language is named in itself, so
// anyone can find theirs.
const OPTIONS: ReadonlyArray<[LanguageSelection, string]> = [
  ['auto', 'com_nav_lang_auto'],
  ['en-US', 'com_nav_lang_english'],
  ['zh-CN', 'com_nav_lang_chinese'],
  ['zh-TC', 'com_nav_lang_traditional_chinese'],
  ['de-DE', 'com_nav_lang_german'],
  ['es-ES', 'com_nav_lang_spanish'],
  ['fr-FR', 'com_nav_lang_french'],
  ['it-IT', 'com_nav_lang_italian'],
  ['pl-PL', 'com_nav_lang_polish'],
  ['pt-BR', 'com_nav_lang_brazilian_portuguese'],
  ['ru-RU', 'com_nav_lang_russian'],
  ['ja-JP', 'com_nav_lang_japanese'],
  ['sv-SE', 'com_nav_lang_swedish'],
  ['ko-KR', 'com_nav_lang_korean'],
  ['vi-VN', 'com_nav_lang_vietnamese'],
  ['ar-EG', 'com_nav_lang_arabic'],
  ['tr-TR', 'com_nav_lang_turkish'],
  ['nl-NL', 'com_nav_lang_dutch'],
  ['id-ID', 'com_nav_lang_indonesian'],
];

interface LanguageSelectProps {
  className?: string;
  /** Show the label visually; otherwise it is for screen readers only. */
  showLabel?: boolean;
}

export function LanguageSelect({ className = '', showLabel = true }: LanguageSelectProps) {
  const { t } = useTranslation();
  const id = useId();
  const selection = useLanguageStore((s) => s.selection);
  const select = useLanguageStore((s) => s.select);
  return (
    <div className={`flex items-center justify-between gap-3 ${className}`}>
      <label htmlFor={id} className={showLabel ? 'text-sm text-zinc-600 dark:text-zinc-300' : 'sr-only'}>
        {t('com_nav_language')}
      </label>
      <select
        id={id}
        value={selection}
        onChange={(e) => select(e.target.value as LanguageSelection)}
        className="select-control"
      >
        {OPTIONS.map(([value, key]) => (
          <option key={value} value={value}>
            {t(key)}
          </option>
        ))}
      </select>
    </div>
  );
}
