import { posix } from 'node:path';
import { unzipSync } from 'fflate';
import { ExtractError } from './extracted-document';
import { decodeText } from './text-decode';
import { elementsNamed, parseXml, type XmlElement } from './xml-tree';

/** What the parts of one Office file may unpack to at most: past it, a small file is a zip bomb. */
export const MAX_UNPACKED_BYTES = 256 * 1024 * 1024;

const startsWith = (bytes: Uint8Array, magic: number[]) => magic.every((b, i) => bytes[i] === b);
const ZIP = [0x50, 0x4b, 0x03, 0x04];
const EMPTY_ZIP = [0x50, 0x4b, 0x05, 0x06];
/** An OLE compound file: Office 97–2003 documents, and Office 2007+ documents once a password encrypts them. */
const COMPOUND_FILE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
/** The stream an encrypted Office 2007+ file keeps its package in, by its UTF-16 name. */
const ENCRYPTED_PACKAGE = Buffer.from('EncryptedPackage', 'utf16le');

/** An Office 2007+ package: its parts by name (only those asked for are unpacked). */
export type OfficePackage = Map<string, Uint8Array>;

/** The parts that hold text: XML and relationships; pictures and embedded files are never unpacked. */
const isXmlPart = (name: string) => /\.(xml|rels)$/i.test(name);

/**
 * Unpacks the XML parts of an Office file, after checking what the file is: a password-protected one is
 * `encrypted`, a 97–2003 one `unsupported`, anything else that is not a sound zip `damaged`, and XML parts that
 * would unpack past MAX_UNPACKED_BYTES `too_large`. `kind` names the format in messages ("a Word document
 * (.docx)"). With `unpack` false the file is only checked, for a reader that unpacks it itself.
 */
export function openPackage(bytes: Uint8Array, kind: string, unpack = true): OfficePackage {
  if (startsWith(bytes, COMPOUND_FILE)) {
    if (Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).includes(ENCRYPTED_PACKAGE)) {
      throw new ExtractError(
        'encrypted',
        'the file is password-protected: remove the password and upload it again',
      );
    }
    throw new ExtractError(
      'unsupported',
      `the file is in the Office 97–2003 format, not ${kind}: save it in the newer format`,
    );
  }
  if (!startsWith(bytes, ZIP) && !startsWith(bytes, EMPTY_ZIP)) {
    throw new ExtractError('damaged', `the file is not ${kind}: it is not a zip package`);
  }
  let unpacked = 0;
  try {
    return new Map(
      Object.entries(
        unzipSync(bytes, {
          filter: (file) => {
            if (!isXmlPart(file.name)) return false;
            unpacked += file.originalSize;
            if (unpacked > MAX_UNPACKED_BYTES)
              throw new ExtractError('too_large', 'the file unpacks to more than 256 MB');
            return unpack;
          },
        }),
      ),
    );
  } catch (error) {
    if (error instanceof ExtractError) throw error;
    throw new ExtractError(
      'damaged',
      `the file is damaged: ${kind} whose zip cannot be read (${(error as Error).message})`,
    );
  }
}

/** The package's main part (`word/document.xml`, `xl/workbook.xml`, …), as its root relationships name it. */
export function mainPartName(pkg: OfficePackage, kind: string): string {
  for (const rel of relationshipsOf(pkg, '').values()) {
    if (rel.type.endsWith('/officeDocument')) return rel.part;
  }
  throw new ExtractError('damaged', `the file is damaged: ${kind} without its main part`);
}

/** A part parsed as XML, or `undefined` when the package has no such part. */
export function xmlPart(pkg: OfficePackage, name: string): XmlElement | undefined {
  const bytes = pkg.get(name);
  return bytes ? parseXml(decodeText(bytes), `the part ${name}`) : undefined;
}

/** A part that must be there. */
export function requiredXmlPart(pkg: OfficePackage, name: string, kind: string): XmlElement {
  const document = xmlPart(pkg, name);
  if (!document) throw new ExtractError('damaged', `the file is damaged: ${kind} without its part ${name}`);
  return document;
}

export interface Relationship {
  /** The part it points to, as a name in the package. */
  part: string;
  type: string;
}

/** The relationships of a part (`xl/workbook.xml` → `xl/_rels/workbook.xml.rels`) by id. */
export function relationshipsOf(pkg: OfficePackage, partName: string): Map<string, Relationship> {
  const dir = posix.dirname(partName);
  const rels = xmlPart(pkg, posix.join(dir, '_rels', `${posix.basename(partName)}.rels`));
  const out = new Map<string, Relationship>();
  if (!rels) return out;
  for (const rel of elementsNamed(rels, 'Relationship')) {
    const { Target: target, TargetMode: mode, Id: id = '', Type: type = '' } = rel.attributes;
    if (mode === 'External' || !target) continue;
    const part = target.startsWith('/') ? target.slice(1) : posix.normalize(posix.join(dir, target));
    out.set(id, { part, type });
  }
  return out;
}
