import { childElements, childNamed, elementsNamed, textInside, type XmlElement } from './xml-tree';

/** How a cell's number is shown: as a number, or as the date or time it stands for. */
export type NumberKind = 'number' | 'date' | 'time' | 'datetime';

/** Text of a shared or inline string: its runs joined, phonetic guides (furigana) left out. */
export function richText(item: XmlElement): string {
  let text = '';
  for (const child of childElements(item)) {
    if (child.local === 't') text += textInside(child);
    else if (child.local === 'r') {
      const run = childNamed(child, 't');
      if (run) text += textInside(run);
    }
  }
  return text;
}

export const sharedStrings = (document: XmlElement | undefined): string[] =>
  document ? elementsNamed(document, 'si').map(richText) : [];

// Excel's built-in number formats that show dates or times (ids 27–36 and 50–58 are the East Asian ones).
const BUILTIN: Record<number, NumberKind> = {
  22: 'datetime',
  32: 'time',
  33: 'time',
  34: 'time',
  35: 'time',
};
for (const id of [14, 15, 16, 17, 27, 28, 29, 30, 31, 36, 50, 51, 52, 53, 54, 55, 56, 57, 58])
  BUILTIN[id] = 'date';
for (const id of [18, 19, 20, 21, 45, 46, 47]) BUILTIN[id] = 'time';

/** What a custom format code shows: quoted text, escapes and colours left out, elapsed hours (`[h]`) kept. */
export function kindOfFormat(code: string): NumberKind {
  if (/\[(h+|m+|s+)\]/i.test(code)) return 'time';
  const bare = code
    .replace(/"[^"]*"/g, '')
    .replace(/\\./g, '')
    .replace(/\[[^\]]*\]/g, '')
    .replace(/general/gi, '');
  const date = /[yd]/i.test(bare);
  const time = /[hs]/i.test(bare);
  return date && time ? 'datetime' : date ? 'date' : time ? 'time' : 'number';
}

/** The kind of number each cell style (a cell's `s` index) shows. */
export function styleKinds(styles: XmlElement | undefined): NumberKind[] {
  if (!styles) return [];
  const custom = new Map<number, NumberKind>();
  for (const format of elementsNamed(styles, 'numFmt')) {
    custom.set(Number(format.attributes.numFmtId), kindOfFormat(format.attributes.formatCode ?? ''));
  }
  const cellXfs = elementsNamed(styles, 'cellXfs')[0];
  if (!cellXfs) return [];
  return childElements(cellXfs).map((xf) => {
    const id = Number(xf.attributes.numFmtId ?? 0);
    return custom.get(id) ?? BUILTIN[id] ?? 'number';
  });
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A number as the sheet shows it: a serial date as an ISO date, else at most 15 significant digits as Excel does. */
export function showNumber(raw: string, kind: NumberKind, date1904: boolean): string {
  const value = Number(raw);
  if (!Number.isFinite(value)) return raw;
  if (kind === 'number') return String(Number(value.toPrecision(15)));
  const serial = value + (date1904 ? 1462 : 0);
  const ms = Math.round((serial - 25569) * 86_400_000); // 25569: the serial of 1970-01-01
  const at = new Date(ms);
  if (Number.isNaN(at.getTime())) return raw;
  const day = `${at.getUTCFullYear()}-${pad(at.getUTCMonth() + 1)}-${pad(at.getUTCDate())}`;
  const seconds = at.getUTCSeconds() ? `:${pad(at.getUTCSeconds())}` : '';
  const clock = `${pad(at.getUTCHours())}:${pad(at.getUTCMinutes())}${seconds}`;
  if (kind === 'time') return clock;
  return kind === 'datetime' || !Number.isInteger(value) ? `${day} ${clock}` : day;
}
