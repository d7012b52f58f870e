import { describe, expect, it } from 'vitest';
import { markdownHtml } from '@/lib/markdown';

// The implementation guide's Markdown, as the strategy page and the admin editor's preview show it.

describe('Markdown', () => {
  it('renders what the seed guides use: headings moved below the page, emphasis, numbered steps, quotes, bullets', () => {
    const html = markdownHtml(['## Steps', '', '1. Plan *two* prompts.', '2. Run **them**.', '', '> A class tried it.', '', '- Look for hands'].join('\n'));
    expect(html).toBe(
      '<h3>Steps</h3>\n<ol>\n<li>Plan <em>two</em> prompts.</li>\n<li>Run <strong>them</strong>.</li>\n</ol>\n<blockquote>\n<p>A class tried it.</p>\n</blockquote>\n<ul>\n<li>Look for hands</li>\n</ul>',
    );
    expect(markdownHtml('# Top\n### Deep', 2)).toBe('<h2>Top</h2>\n<h3>Deep</h3>');
    expect(markdownHtml('# One\n###### Six')).toBe('<h3>One</h3>\n<h6>Six</h6>');
  });

  it('shows HTML written in the text as text, and drops unsafe link targets', () => {
    const html = markdownHtml('<img src=x onerror=alert(1)> <script>alert(1)</script>\n\n[click](javascript:alert(1)) [site](https://example.org)');
    expect(html).not.toMatch(/<img|<script/);
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('<a href="">click</a>');
    expect(html).toContain('<a href="https://example.org">site</a>');
  });
});
