import type { Catalogue } from './merge-fragments';
export type { Catalogue };
/** Every main-catalogue fragment of a language, by file. */
export declare function catalogueFragments(lang: string): Array<[string, Catalogue]>;
/** Every lazily loaded fragment of a language, by file. */
export declare function lazyCatalogueFragments(lang: string): Array<[string, Catalogue]>;
/** A language's main catalogue (what its chunk holds). */
export declare function mainCatalogue(lang: string): Catalogue;
/** Everything a language has: the main catalogue and every lazily loaded area. */
export declare function fullCatalogue(lang: string): Catalogue;
export declare const enUS: Catalogue;
export declare const zhCN: Catalogue;
