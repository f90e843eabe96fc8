import { ExtractError, type ExtractedSection } from './extracted-document';
import {
  mainPartName,
  openPackage,
  relationshipsOf,
  requiredXmlPart,
  type OfficePackage,
} from './ooxml-package';
import type { Reader } from './reader';
import { childElements, elementsNamed, prefixedAttribute, textInside, type XmlElement } from './xml-tree';

const KIND = 'a PowerPoint presentation (.pptx)';

/**
 * PowerPoint: one section per slide (`where` is `slide N`, in the presentation's order, hidden slides too): the
 * text of its shapes and tables, then its speaker notes. Pictures, charts and SmartArt drawings are not read.
 */
export const readPptx: Reader = async (bytes) => {
  const pkg = openPackage(bytes, KIND);
  const main = mainPartName(pkg, KIND);
  const presentation = requiredXmlPart(pkg, main, KIND);
  const rels = relationshipsOf(pkg, main);
  const sections: ExtractedSection[] = [];
  elementsNamed(presentation, 'sldId').forEach((slideId, i) => {
    const part = rels.get(prefixedAttribute(slideId, 'id') ?? '')?.part;
    if (!part)
      throw new ExtractError('damaged', `the file is damaged: ${KIND} whose slide ${i + 1} is missing`);
    const text = paragraphs(requiredXmlPart(pkg, part, KIND));
    const notes = notesOf(pkg, part);
    sections.push({ text: notes ? `${text}\n\n${notes}` : text, where: `slide ${i + 1}` });
  });
  return sections;
};

/** The speaker notes of a slide: the body placeholder of its notes page (not the slide image or its number). */
function notesOf(pkg: OfficePackage, slidePart: string): string {
  const rel = [...relationshipsOf(pkg, slidePart).values()].find((r) => r.type.endsWith('/notesSlide'));
  if (!rel) return '';
  const notes = requiredXmlPart(pkg, rel.part, KIND);
  return elementsNamed(notes, 'sp')
    .filter((shape) => elementsNamed(shape, 'ph').some((ph) => ph.attributes.type === 'body'))
    .map(paragraphs)
    .filter(Boolean)
    .join('\n');
}

/** The text paragraphs (DrawingML `p`) inside a node, a line each; runs, fields and line breaks kept in order. */
function paragraphs(root: XmlElement): string {
  return elementsNamed(root, 'p')
    .map((paragraph) =>
      childElements(paragraph)
        .map((part) => {
          if (part.local === 'br') return '\n';
          if (part.local !== 'r' && part.local !== 'fld') return '';
          return elementsNamed(part, 't').map(textInside).join('');
        })
        .join(''),
    )
    .filter((line) => line.trim())
    .join('\n');
}
