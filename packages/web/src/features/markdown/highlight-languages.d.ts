// highlight.js ships its grammars without per-file types; each one is a LanguageFn.
declare module 'highlight.js/lib/languages/*' {
  import type { LanguageFn } from 'highlight.js';
  const language: LanguageFn;
  export default language;
}
