import type { UploadKind } from '../contract.ts';

/** A type an upload may have, recognised by its first bytes. */
export type FileType = { mimeType: string; name: string; extensions: readonly string[] };

const T = {
  webm: { mimeType: 'video/webm', name: 'WebM', extensions: ['webm'] },
  mp4: { mimeType: 'video/mp4', name: 'MP4', extensions: ['mp4', 'm4v'] },
  vtt: { mimeType: 'text/vtt', name: 'WebVTT', extensions: ['vtt'] },
  png: { mimeType: 'image/png', name: 'PNG', extensions: ['png'] },
  jpeg: { mimeType: 'image/jpeg', name: 'JPEG', extensions: ['jpg', 'jpeg'] },
  webp: { mimeType: 'image/webp', name: 'WebP', extensions: ['webp'] },
  pdf: { mimeType: 'application/pdf', name: 'PDF', extensions: ['pdf'] },
  zip: { mimeType: 'application/zip', name: 'ZIP', extensions: ['zip'] },
  docx: { mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', name: 'DOCX', extensions: ['docx'] },
  pptx: { mimeType: 'application/vnd.openxmlformats-officedocument.presentationml.presentation', name: 'PPTX', extensions: ['pptx'] },
  xlsx: { mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', name: 'XLSX', extensions: ['xlsx'] },
} as const satisfies Record<string, FileType>;

/** What each kind of upload is, the types it takes, and how the refusal names them. */
export const UPLOAD_KINDS_INFO: Record<UploadKind, { noun: string; types: readonly FileType[] }> = {
  video: { noun: 'a video', types: [T.webm, T.mp4] },
  captions: { noun: 'a captions file', types: [T.vtt] },
  poster: { noun: 'a poster image', types: [T.png, T.jpeg, T.webp] },
  reproducible: { noun: 'a reproducible file', types: [T.pdf, T.docx, T.pptx, T.xlsx, T.zip, T.png, T.jpeg] },
};

/** How many first bytes `sniff` needs to decide (fewer only when the file is shorter). */
export const SNIFF_BYTES = 64;

const ascii = (bytes: Uint8Array, from: number, text: string) => text.split('').every((c, i) => bytes[from + i] === c.charCodeAt(0));
const startsWith = (bytes: Uint8Array, magic: readonly number[], from = 0) => magic.every((b, i) => bytes[from + i] === b);
const contains = (bytes: Uint8Array, text: string) => Buffer.from(bytes).includes(text, 0, 'latin1');

/** ISO base media brands of MP4 video (QuickTime's `qt  ` and the HEIF/AVIF image brands are not MP4 video). */
const MP4_BRANDS = new Set(['isom', 'iso2', 'iso4', 'iso5', 'iso6', 'mp41', 'mp42', 'avc1', 'dash', 'M4V ', 'M4VP', 'MSNV', 'mmp4', 'f4v ']);

/**
 * The type of a file by its first bytes (at least `SNIFF_BYTES` of them, or the whole file),
 * whatever its name says; null when it is none of the types uploads take. A ZIP container is
 * named `zip` here: DOCX, PPTX and XLSX files are ZIP containers too, told apart by `refine`.
 */
export function sniff(head: Uint8Array): FileType | null {
  if (startsWith(head, [0x1a, 0x45, 0xdf, 0xa3])) return contains(head.subarray(0, SNIFF_BYTES), 'webm') ? T.webm : null;
  if (ascii(head, 4, 'ftyp')) return MP4_BRANDS.has(String.fromCharCode(...head.subarray(8, 12))) ? T.mp4 : null;
  const bom = startsWith(head, [0xef, 0xbb, 0xbf]) ? 3 : 0;
  // "WEBVTT" alone, or followed by a space, a tab or a line break (the WebVTT signature).
  if (ascii(head, bom, 'WEBVTT') && (head.length === bom + 6 || [0x20, 0x09, 0x0a, 0x0d].includes(head[bom + 6]!))) return T.vtt;
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return T.png;
  if (startsWith(head, [0xff, 0xd8, 0xff])) return T.jpeg;
  if (ascii(head, 0, 'RIFF') && ascii(head, 8, 'WEBP')) return T.webp;
  if (ascii(head, 0, '%PDF-')) return T.pdf;
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04]) || startsWith(head, [0x50, 0x4b, 0x05, 0x06])) return T.zip;
  return null;
}

/**
 * The type an upload of this kind is stored as: the sniffed type, when the kind takes it. An Office
 * document is a ZIP container whose name says which (its content was checked to be a ZIP).
 */
export function typeFor(kind: UploadKind, sniffed: FileType | null, fileName: string): FileType | null {
  if (!sniffed) return null;
  const accepted = UPLOAD_KINDS_INFO[kind].types;
  if (sniffed === T.zip) {
    const extension = /\.([A-Za-z0-9]+)$/.exec(fileName)?.[1]?.toLowerCase();
    const office = [T.docx, T.pptx, T.xlsx].find((t) => t.extensions.includes(extension as never));
    if (office && accepted.includes(office)) return office;
  }
  return accepted.includes(sniffed) ? sniffed : null;
}

/** The refusal of a file whose content is not a type the kind takes: 'This file is not a video: upload a WebM or MP4 file'. */
export function wrongTypeMessage(kind: UploadKind): string {
  const { noun, types } = UPLOAD_KINDS_INFO[kind];
  const names = [...new Set(types.map((t) => t.name))];
  const list = names.length > 1 ? `${names.slice(0, -1).join(', ')} or ${names[names.length - 1]}` : names[0];
  return `This file is not ${noun}: upload a ${list} file`;
}

/**
 * The name an upload is served under: the last part of the name given, with anything but letters,
 * digits, dots, hyphens and underscores made a hyphen, so the URL needs no escaping.
 */
export function safeFileName(name: string): string {
  const last = name.split(/[\\/]/).pop() ?? '';
  const cleaned = last
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/-+\./g, '.')
    .replace(/^[-.]+|[-.]+$/g, '')
    .slice(-120)
    .replace(/^[-.]+/, '');
  return cleaned || 'file';
}
