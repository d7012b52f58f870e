import type { HelpTopic } from '@/lib/help-topics';

// Keyword scoring over the help topics: a keyword phrase found in the question scores 3, a
// whole word 2, a shared stem (`downloading`/`download`) 1. A topic needs 2 to count as the
// answer, so one vague word never picks a topic; anything weaker gets the community link.

const STOP_WORDS = new Set(['a', 'an', 'the', 'i', 'my', 'me', 'do', 'does', 'how', 'can', 'to', 'is', 'are', 'of', 'in', 'on', 'for', 'and', 'or', 'what', 'where', 'when', 'why', 'it', 'you', 'with', 'get']);

export const MIN_SCORE = 2;

function normalize(text: string): string {
  return ` ${text.toLowerCase().replace(/[^\p{L}\p{N}\s-]+/gu, ' ').replace(/\s+/g, ' ').trim()} `;
}

function words(text: string): string[] {
  return normalize(text)
    .split(' ')
    .filter((word) => word.length > 1 && !STOP_WORDS.has(word));
}

function stem(word: string): string {
  return word.replace(/(ing|ed|es|s)$/, '');
}

export function scoreTopic(question: string, topic: HelpTopic): number {
  const text = normalize(question);
  const tokens = words(question);
  let score = 0;
  for (const keyword of topic.keywords) {
    if (keyword.includes(' ')) {
      if (text.includes(` ${keyword} `)) score += 3;
    } else if (tokens.includes(keyword)) {
      score += 2;
    } else if (keyword.length > 3 && tokens.some((token) => token.length > 3 && stem(token) === stem(keyword))) {
      score += 1;
    }
  }
  return score;
}

export type TopicMatch = { topic: HelpTopic | null; related: HelpTopic[] };

/** The best topic for a question (null below MIN_SCORE), and up to three runners-up. */
export function matchTopics(question: string, topics: readonly HelpTopic[]): TopicMatch {
  const ranked = topics
    .map((topic, index) => ({ topic, index, score: scoreTopic(question, topic) }))
    .filter((entry) => entry.score > 0)
    .sort((a, b) => b.score - a.score || a.index - b.index);
  const best = ranked[0];
  if (!best || best.score < MIN_SCORE) return { topic: null, related: ranked.slice(0, 3).map((entry) => entry.topic) };
  return { topic: best.topic, related: ranked.slice(1, 4).map((entry) => entry.topic) };
}
