/**
 * How an action's operations are named as functions, in LibreChat's wire form so its clients keep working:
 * `<operationId>_action_<encoded domain>`, and the assistant's metadata lists `<encoded domain>_action_<action_id>`.
 */
export const ACTION_DELIMITER = '_action_';
/** What stands for each `.` of a short domain in a function name (models refuse dots in names). */
export const ACTION_DOMAIN_SEPARATOR = '---';
/** A domain longer than this is named by the first this-many characters of its base64 form. */
export const ENCODED_DOMAIN_LENGTH = 10;

/** The characters a model accepts in a function name. */
export const FUNCTION_NAME_PATTERN = /^[a-zA-Z0-9_-]+$/;

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** Base64 of a string's UTF-8 bytes (no Buffer or btoa: this runs in the browser and on the server alike). */
export function base64Utf8(value: string): string {
  const bytes: number[] = [];
  for (const ch of value) {
    const code = ch.codePointAt(0)!;
    if (code < 0x80) bytes.push(code);
    else if (code < 0x800) bytes.push(0xc0 | (code >> 6), 0x80 | (code & 63));
    else if (code < 0x10000) bytes.push(0xe0 | (code >> 12), 0x80 | ((code >> 6) & 63), 0x80 | (code & 63));
    else
      bytes.push(
        0xf0 | (code >> 18),
        0x80 | ((code >> 12) & 63),
        0x80 | ((code >> 6) & 63),
        0x80 | (code & 63),
      );
  }
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const [a, b, c] = [bytes[i]!, bytes[i + 1], bytes[i + 2]];
    const n = (a << 16) | ((b ?? 0) << 8) | (c ?? 0);
    out += BASE64[n >> 18]! + BASE64[(n >> 12) & 63]!;
    out += b === undefined ? '=' : BASE64[(n >> 6) & 63]!;
    out += c === undefined ? '=' : BASE64[n & 63]!;
  }
  return out;
}

/**
 * The domain as it appears in function names: a domain of at most 10 characters with each `.` as `---`
 * (`a.io` → `a---io`), a longer one as the first 10 characters of its base64 (`api.weather.gov` → `YXBpLndlYX`).
 * A host name's base64 prefix never holds `+`, `/` or `=`; anything that would still not be a valid function name
 * (an IPv6 literal) uses the URL-safe alphabet.
 */
export function encodeActionDomain(domain: string): string {
  if (domain.length <= ENCODED_DOMAIN_LENGTH) {
    const short = domain.replace(/\./g, ACTION_DOMAIN_SEPARATOR);
    if (FUNCTION_NAME_PATTERN.test(short)) return short;
  }
  return base64Utf8(domain)
    .slice(0, ENCODED_DOMAIN_LENGTH)
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/** The function (and tool) name of one operation of an action on `domain`. */
export function actionFunctionName(operationId: string, domain: string): string {
  return `${operationId}${ACTION_DELIMITER}${encodeActionDomain(domain)}`;
}

/** The entry an assistant's `metadata.actions` keeps for an action: `<encoded domain>_action_<action_id>`. */
export function assistantActionEntry(domain: string, actionId: string): string {
  return `${encodeActionDomain(domain)}${ACTION_DELIMITER}${actionId}`;
}

/** Whether a function name is one of the functions of an action on `domain` (deleting an action removes these). */
export function isActionFunctionOf(functionName: string, domain: string): boolean {
  const suffix = `${ACTION_DELIMITER}${encodeActionDomain(domain)}`;
  return functionName.length > suffix.length && functionName.endsWith(suffix);
}
