/**
 * CSV as spreadsheets read it (RFC 4180): comma-separated, CRLF line ends, a field quoted when it
 * holds a comma, a quote or a line break, quotes doubled; a UTF-8 byte order mark first, without
 * which Excel reads UTF-8 as the local code page.
 */

/** What a spreadsheet takes for the start of a formula (OWASP "CSV injection"). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell: text that would run as a formula gets a leading apostrophe, so it shows as text. */
export function csvCell(value: string): string {
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function toCsv(rows: readonly (readonly string[])[]): string {
  return `\uFEFF${rows.map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}

/** A record of a CSV file and the line of the file it starts on (1-based). */
export type CsvRecord = { line: number; fields: string[] };

/** The file cannot be read as CSV: a quoted field is never closed. */
export class CsvSyntaxError extends Error {
  readonly line: number;
  constructor(line: number) {
    super(`A quoted field that starts on line ${line} is never closed`);
    this.line = line;
  }
}

/**
 * Reads CSV as RFC 4180 writes it, and as spreadsheets save it: fields separated by commas,
 * records by CRLF, LF or a lone CR; a field in double quotes may hold commas, line breaks and
 * doubled quotes; a leading UTF-8 byte order mark is dropped. A quote inside an unquoted field,
 * or text after a closing quote, is kept as it is. Blank lines (and rows of empty cells) are
 * skipped. Each record knows the line it starts on, counting line breaks inside quotes too.
 */
export function parseCsv(text: string): CsvRecord[] {
  return Array.from(readCsv(text));
}

const LINE_BREAKS = /\r\n|\r|\n/g;

/**
 * `parseCsv` one record at a time, so that a large file (a district's roster) is never held as
 * one array of every row; plain runs of text are copied as slices, not character by character.
 */
export function* readCsv(text: string): Generator<CsvRecord> {
  const input = text.startsWith('\uFEFF') ? text.slice(1) : text;
  // The characters that end a run of plain text in a field (a new object each call: it keeps its place).
  const special = /[",\r\n]/g;
  let fields: string[] = [];
  let field = '';
  let line = 1;
  let recordLine = 1;
  let i = 0;
  const endRecord = (): CsvRecord | null => {
    fields.push(field);
    const record = fields.some((f) => f.trim() !== '') ? { line: recordLine, fields } : null;
    fields = [];
    field = '';
    return record;
  };
  while (i < input.length) {
    const c = input[i]!;
    if (c === '"' && field === '') {
      // A quoted field: up to the closing quote; "" is a quote.
      const opened = line;
      i++;
      for (;;) {
        const quote = input.indexOf('"', i);
        if (quote < 0) throw new CsvSyntaxError(opened);
        const chunk = input.slice(i, quote);
        line += chunk.match(LINE_BREAKS)?.length ?? 0;
        field += chunk;
        if (input[quote + 1] === '"') {
          field += '"';
          i = quote + 2;
          continue;
        }
        i = quote + 1;
        break;
      }
      continue;
    }
    if (c === ',') {
      fields.push(field);
      field = '';
      i++;
      continue;
    }
    if (c === '\r' || c === '\n') {
      const record = endRecord();
      if (record) yield record;
      i += c === '\r' && input[i + 1] === '\n' ? 2 : 1;
      line++;
      recordLine = line;
      continue;
    }
    // Plain text (a quote here is kept as it is): up to the next comma, quote or line break.
    special.lastIndex = i + 1;
    const next = special.exec(input);
    const end = next ? next.index : input.length;
    field += input.slice(i, end);
    i = end;
  }
  if (field !== '' || fields.length) {
    const record = endRecord();
    if (record) yield record;
  }
}
