import { markdownHtml } from '@/lib/markdown';
import * as styles from '@/views/components/markdown.css';

/** Markdown from the catalogue's authors, safely (src/lib/markdown.ts). */
export function Markdown({ source, firstHeading = 3, className }: { source: string; firstHeading?: 2 | 3; className?: string }) {
  return <div className={[styles.markdown, className].filter(Boolean).join(' ')} dangerouslySetInnerHTML={{ __html: markdownHtml(source, firstHeading) }} />;
}
