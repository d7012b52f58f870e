import '../support/vanilla-extract-scope';
import { readFileSync } from 'node:fs';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { LoadingScreen } from '@/views/components/loading-screen';

// index.html carries the app's start screen so the page paints before any JavaScript has run; the
// app's first frame (<LoadingScreen brand />) replaces it, which shows nothing only while the two
// are the same markup.

const rootOfIndexHtml = () => {
  const html = readFileSync(new URL('../../index.html', import.meta.url), 'utf8');
  const match = /<div id="root">([\s\S]*?)<\/div>\s*<script type="module"/.exec(html);
  if (!match) throw new Error('index.html has no <div id="root"> before its module script');
  return match[1]!;
};

/** The DOM the browser builds from either: what differs only in how it is written is the same. */
const normalized = (markup: string) =>
  markup
    .replace(/<(\w+)([^>]*?)\s*\/>/g, '<$1$2></$1>')
    .replace(/\s+/g, ' ')
    .replace(/> </g, '><')
    .trim();

describe('the start screen in index.html', () => {
  it('is the markup of <LoadingScreen brand />', () => {
    expect(normalized(rootOfIndexHtml())).toBe(normalized(renderToStaticMarkup(<LoadingScreen brand />)));
  });

  it('has something to paint (the mark) and says it is loading', () => {
    const root = rootOfIndexHtml();
    expect(root).toContain('<svg class="loading-mark"');
    expect(root).toMatch(/role="status"[^>]*>[\s\S]*Loading…/);
  });
});
