import { describe, expect, it } from 'vitest';
import { safeFileName, sniff, typeFor, wrongTypeMessage } from '../../server/media/file-types.ts';
import { parseRange } from '../../server/media/ranges.ts';
import { fileTooLarge } from '../../server/services/uploads.ts';
import { loadConfig } from '../../server/config.ts';

// Uploads are typed by their first bytes, whatever their name says; the size rule's messages
// come from the real limits.

const bytes = (...parts: (string | number[])[]) => new Uint8Array(Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p)))));
const EBML = [0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0x82];

describe('sniff', () => {
  it('recognises each type uploads take by its signature', () => {
    expect(sniff(bytes(EBML, [0x84], 'webm'))?.mimeType).toBe('video/webm');
    expect(sniff(bytes([0, 0, 0, 0x20], 'ftypisom', [0, 0, 2, 0]))?.mimeType).toBe('video/mp4');
    expect(sniff(bytes([0, 0, 0, 0x1c], 'ftypmp42'))?.mimeType).toBe('video/mp4');
    expect(sniff(bytes('WEBVTT\n\n00:00.000 --> 00:01.000\nHi'))?.mimeType).toBe('text/vtt');
    expect(sniff(bytes([0xef, 0xbb, 0xbf], 'WEBVTT - with a title\n'))?.mimeType).toBe('text/vtt');
    expect(sniff(bytes('WEBVTT'))?.mimeType).toBe('text/vtt');
    expect(sniff(bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))?.mimeType).toBe('image/png');
    expect(sniff(bytes([0xff, 0xd8, 0xff, 0xe0]))?.mimeType).toBe('image/jpeg');
    expect(sniff(bytes('RIFF', [1, 2, 3, 4], 'WEBPVP8 '))?.mimeType).toBe('image/webp');
    expect(sniff(bytes('%PDF-1.7\n'))?.mimeType).toBe('application/pdf');
    expect(sniff(bytes([0x50, 0x4b, 0x03, 0x04]))?.mimeType).toBe('application/zip');
  });

  it('refuses look-alikes and anything else', () => {
    // Matroska that is not WebM, QuickTime, HEIF, a text that only mentions WEBVTT, empty files.
    expect(sniff(bytes(EBML, [0x88], 'matroska'))).toBeNull();
    expect(sniff(bytes([0, 0, 0, 0x14], 'ftypqt  '))).toBeNull();
    expect(sniff(bytes([0, 0, 0, 0x18], 'ftypheic'))).toBeNull();
    expect(sniff(bytes('WEBVTTX\n'))).toBeNull();
    expect(sniff(bytes('NOTE WEBVTT\n'))).toBeNull();
    expect(sniff(bytes('<html><script>'))).toBeNull();
    expect(sniff(new Uint8Array())).toBeNull();
  });
});

describe('typeFor', () => {
  const pdf = sniff(bytes('%PDF-1.4'));
  const zip = sniff(bytes([0x50, 0x4b, 0x03, 0x04]));
  it('takes a type its kind takes, whatever the name', () => {
    expect(typeFor('reproducible', pdf, 'lesson.mp4')?.mimeType).toBe('application/pdf');
    expect(typeFor('video', pdf, 'lesson.mp4')).toBeNull();
    expect(typeFor('poster', sniff(bytes([0xff, 0xd8, 0xff])), 'poster.png')?.mimeType).toBe('image/jpeg');
  });
  it('names a ZIP container by its Office extension', () => {
    expect(typeFor('reproducible', zip, 'Lesson plan.DOCX')?.name).toBe('DOCX');
    expect(typeFor('reproducible', zip, 'slides.pptx')?.name).toBe('PPTX');
    expect(typeFor('reproducible', zip, 'marks.xlsx')?.name).toBe('XLSX');
    expect(typeFor('reproducible', zip, 'bundle.zip')?.name).toBe('ZIP');
    expect(typeFor('reproducible', zip, 'bundle')?.name).toBe('ZIP');
    expect(typeFor('poster', zip, 'poster.docx')).toBeNull();
  });
  it('says what the kind expected', () => {
    expect(wrongTypeMessage('video')).toBe('This file is not a video: upload a WebM or MP4 file');
    expect(wrongTypeMessage('captions')).toBe('This file is not a captions file: upload a WebVTT file');
    expect(wrongTypeMessage('reproducible')).toBe('This file is not a reproducible file: upload a PDF, DOCX, PPTX, XLSX, ZIP, PNG or JPEG file');
  });
});

describe('the size rule', () => {
  it("answers each kind's real limit in the spec's words", () => {
    const { maxKb } = loadConfig({ LOCAL_TOKEN_SECRET: 'x'.repeat(32), DATA_DIR: '/nonexistent/never-written' }).media;
    expect(fileTooLarge(maxKb.video).message).toBe('File size must be less than 500 MB');
    expect(fileTooLarge(maxKb.captions).message).toBe('File size must be less than 1 MB');
    expect(fileTooLarge(maxKb.poster).message).toBe('File size must be less than 5 MB');
    expect(fileTooLarge(maxKb.reproducible).message).toBe('File size must be less than 50 MB');
    expect(fileTooLarge(maxKb.video).statusCode).toBe(413);
  });
});

describe('safeFileName', () => {
  it('keeps a name a URL can carry as it is', () => {
    expect(safeFileName('Exit tickets (final).PDF')).toBe('Exit-tickets-final.PDF');
    expect(safeFileName('C:\\Users\\me\\Élève notes.docx')).toBe('Eleve-notes.docx');
    expect(safeFileName('../../etc/passwd')).toBe('passwd');
    expect(safeFileName('...')).toBe('file');
    expect(safeFileName('a'.repeat(300) + '.vtt')).toHaveLength(120);
    expect(safeFileName('a'.repeat(300) + '.vtt').endsWith('.vtt')).toBe(true);
  });
});

describe('parseRange', () => {
  it('reads one byte range of a file', () => {
    expect(parseRange(undefined, 100)).toBeNull();
    expect(parseRange('bytes=0-9', 100)).toEqual({ start: 0, end: 9 });
    expect(parseRange('bytes=90-', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=90-500', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=-10', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=-500', 100)).toEqual({ start: 0, end: 99 });
    expect(parseRange('bytes=100-', 100)).toBe('unsatisfiable');
    expect(parseRange('bytes=-0', 100)).toBe('unsatisfiable');
    // Several ranges, other units, nonsense: the whole file.
    expect(parseRange('bytes=0-1,5-6', 100)).toBeNull();
    expect(parseRange('items=0-1', 100)).toBeNull();
    expect(parseRange('bytes=9-1', 100)).toBeNull();
    expect(parseRange('bytes=-', 100)).toBeNull();
  });
});
