import { createRequire } from 'node:module';

type Jsdom = new (markup: string, options: { contentType: string }) => { window: { document: Document } };
// jsdom ships no type declarations; only its constructor is used here.
const { JSDOM } = createRequire(import.meta.url)('jsdom') as { JSDOM: Jsdom };

/** Parses an SVG document as XML (throws on a malformed one) and returns its root element. */
export function parseSvg(markup: string): Element {
  return new JSDOM(markup, { contentType: 'image/svg+xml' }).window.document.documentElement;
}
