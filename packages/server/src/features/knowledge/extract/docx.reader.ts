import { ExtractError } from './extracted-document';
import { openPackage } from './ooxml-package';
import type { Reader } from './reader';

const KIND = 'a Word document (.docx)';

/**
 * Word: the text of the document's body (paragraphs, lists, tables: a paragraph a block), as mammoth reads it;
 * headers and footers are not read. The package is checked first, so an encrypted or a 97–2003 file is named as
 * such, and one that would unpack past the limit is refused before mammoth unpacks it.
 */
export const readDocx: Reader = async (bytes) => {
  openPackage(bytes, KIND, false);
  const { default: mammoth } = await import('mammoth');
  let text: string;
  try {
    const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    text = (await mammoth.extractRawText({ buffer })).value;
  } catch (error) {
    throw new ExtractError(
      'damaged',
      `the file is damaged: ${KIND} that cannot be read (${(error as Error).message})`,
    );
  }
  return [{ text: text.replace(/\n{3,}/g, '\n\n') }];
};
