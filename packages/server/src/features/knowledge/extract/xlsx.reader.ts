import type { ExtractedSection } from './extracted-document';
import {
  mainPartName,
  openPackage,
  relationshipsOf,
  requiredXmlPart,
  xmlPart,
  type OfficePackage,
} from './ooxml-package';
import type { Reader } from './reader';
import { richText, sharedStrings, showNumber, styleKinds, type NumberKind } from './xlsx-cells';
import {
  childElements,
  childNamed,
  elementsNamed,
  prefixedAttribute,
  textInside,
  type XmlElement,
} from './xml-tree';

const KIND = 'an Excel workbook (.xlsx)';

interface Workbook {
  strings: string[];
  kinds: NumberKind[];
  date1904: boolean;
}

/**
 * Excel: one section per sheet (`where` is the sheet's name), in the workbook's order; a row is a line, its cells
 * apart by tabs. Formulas count by the value they last computed; dates show as ISO dates.
 */
export const readXlsx: Reader = async (bytes) => {
  const pkg = openPackage(bytes, KIND);
  const main = mainPartName(pkg, KIND);
  const workbook = requiredXmlPart(pkg, main, KIND);
  const rels = relationshipsOf(pkg, main);
  const partOf = (type: string) => [...rels.values()].find((r) => r.type.endsWith(type))?.part;
  const properties = elementsNamed(workbook, 'workbookPr')[0];
  const book: Workbook = {
    strings: sharedStrings(xmlPartIf(pkg, partOf('/sharedStrings'))),
    kinds: styleKinds(xmlPartIf(pkg, partOf('/styles'))),
    date1904: ['1', 'true'].includes(properties?.attributes.date1904 ?? ''),
  };
  const sections: ExtractedSection[] = [];
  for (const sheet of elementsNamed(workbook, 'sheet')) {
    const part = rels.get(prefixedAttribute(sheet, 'id') ?? '')?.part;
    // A chart sheet has no cells: its part (if any) holds no sheetData.
    const data = part ? elementsNamed(requiredXmlPart(pkg, part, KIND), 'sheetData')[0] : undefined;
    if (data) sections.push({ text: sheetText(data, book), where: sheet.attributes.name ?? '' });
  }
  return sections;
};

const xmlPartIf = (pkg: OfficePackage, name: string | undefined): XmlElement | undefined =>
  name ? xmlPart(pkg, name) : undefined;

function sheetText(data: XmlElement, book: Workbook): string {
  const lines: string[] = [];
  for (const row of childElements(data)) {
    if (row.local !== 'row') continue;
    const cells = childElements(row)
      .filter((c) => c.local === 'c')
      .map((c) => cellText(c, book).trim())
      .filter(Boolean);
    if (cells.length > 0) lines.push(cells.join('\t'));
  }
  return lines.join('\n');
}

function cellText(cell: XmlElement, book: Workbook): string {
  const v = childNamed(cell, 'v');
  const value = v ? textInside(v) : '';
  switch (cell.attributes.t || 'n') {
    case 's':
      return book.strings[Number(value)] ?? '';
    case 'inlineStr': {
      const inline = childNamed(cell, 'is');
      return inline ? richText(inline) : '';
    }
    case 'b':
      return value === '1' ? 'TRUE' : value === '0' ? 'FALSE' : '';
    case 'n':
      return (
        value && showNumber(value, book.kinds[Number(cell.attributes.s ?? 0)] ?? 'number', book.date1904)
      );
    default: // str (a formula's text), e (an error such as #DIV/0!), d (an ISO date)
      return value;
  }
}
