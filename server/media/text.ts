/** Text helpers shared by the generated posters and captions. */

/**
 * Characters XML 1.0 does not allow in a document (C0 controls other than tab, line feed and
 * carriage return, lone surrogates, U+FFFE and U+FFFF). A title holding one would make the whole
 * SVG unreadable, so they are dropped before escaping.
 */
// eslint-disable-next-line no-control-regex
const NOT_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** Escapes text for an XML element or a double- or single-quoted attribute. */
export function xmlEscape(text: string): string {
  return text
    .replace(NOT_XML, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** One line: every run of white space (line breaks included) becomes one space. */
export const oneLine = (text: string) => text.replace(NOT_XML, '').replace(/\s+/g, ' ').trim();

/** FNV-1a, 32 bits: a stable number per title, for small variations between posters. */
export function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}
