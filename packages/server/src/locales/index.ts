import type { Language } from '@parley/shared';
import enUS from './en-US.json';
import arEG from './ar-EG.json';
import zhCN from './zh-CN.json';
import deDE from './de-DE.json';
import esES from './es-ES.json';
import frFR from './fr-FR.json';
import itIT from './it-IT.json';
import plPL from './pl-PL.json';
import ptBR from './pt-BR.json';
import ruRU from './ru-RU.json';
import jaJP from './ja-JP.json';
import svSE from './sv-SE.json';
import koKR from './ko-KR.json';
import zhTC from './zh-TC.json';
import viVN from './vi-VN.json';
import trTR from './tr-TR.json';
import nlNL from './nl-NL.json';
import idID from './id-ID.json';

/** A server text catalogue: mails and other texts the server writes itself, by key. */
export type ServerCatalogue = Record<string, string>;

// All 18 are bundled: the server is one process and the files are small. A key a catalogue lacks falls back to
// en-US; the locales test reports any missing key.
export const SERVER_CATALOGUES: Record<Language, ServerCatalogue> = {
  'en-US': enUS,
  'ar-EG': arEG,
  'zh-CN': zhCN,
  'de-DE': deDE,
  'es-ES': esES,
  'fr-FR': frFR,
  'it-IT': itIT,
  'pl-PL': plPL,
  'pt-BR': ptBR,
  'ru-RU': ruRU,
  'ja-JP': jaJP,
  'sv-SE': svSE,
  'ko-KR': koKR,
  'zh-TC': zhTC,
  'vi-VN': viVN,
  'tr-TR': trTR,
  'nl-NL': nlNL,
  'id-ID': idID,
};

/** The text of `key` in `lang` (else English) with `{{name}}` placeholders filled in. */
export function serverText(lang: Language, key: string, values: Record<string, string> = {}): string {
  const text = SERVER_CATALOGUES[lang][key] ?? SERVER_CATALOGUES['en-US'][key] ?? key;
  return text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => values[name] ?? whole);
}
