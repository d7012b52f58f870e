/** Demo catalogue definitions: audiences, media, livestreams, playlists and community links. */

export const audiences: string[] = [
  'Elementary Teachers',
  'Middle School Teachers',
  'High School Teachers',
  'Special Educators',
  'English Learner Specialists',
  'Instructional Coaches',
  'School Leaders',
  'New Teachers',
];

/**
 * The demo clips in public/media/videos: neutral (no title burned in, see public/media/README.md),
 * two per framework category in that category's colour family. Every item with a video gets a
 * video row of its own that plays one of them, with the item's own poster and captions
 * (server/media). Durations were measured with ffprobe when the files were generated; change
 * them together with the files.
 */
export type ClipDef = { name: string; durationSeconds: number };
export const clips: ClipDef[] = [
  { name: 'demo-clip-1', durationSeconds: 24.008 },
  { name: 'demo-clip-2', durationSeconds: 28.008 },
  { name: 'demo-clip-3', durationSeconds: 32.008 },
  { name: 'demo-clip-4', durationSeconds: 26.008 },
  { name: 'demo-clip-5', durationSeconds: 30.008 },
  { name: 'demo-clip-6', durationSeconds: 34.008 },
];

/** The clip of the n-th item of a category (0-based category index, in framework order). */
export const clipFor = (categoryIndex: number, n: number): ClipDef => clips[(categoryIndex * 2 + (n % 2)) % clips.length]!;
export const clipUrl = (name: string) => `/media/videos/${name}.webm`;

export type LivestreamDef = {
  title: string;
  description: string;
  /** Start relative to "now" in days; negative is in the past. */
  startOffsetDays: number;
  durationMinutes: number;
  host: string;
  /** Titles of strands or elements in framework.ts. */
  nasotTitles: string[];
  audiences: string[];
  /** Whether the session was recorded (a demo clip of its category); every session that has ended is. */
  recorded?: boolean;
};

export const livestreams: LivestreamDef[] = [
  {
    title: 'Launching the Year With Routines That Stick',
    description:
      'A practical session on teaching, rehearsing and maintaining the routines that protect learning time, with examples from elementary and secondary classrooms.',
    startOffsetDays: -52,
    durationMinutes: 60,
    host: 'Dana Whitfield',
    nasotTitles: ['Routines and Procedures', 'Establishing Routines'],
    audiences: ['New Teachers', 'Elementary Teachers'],
    recorded: true,
  },
  {
    title: 'Feedback Students Actually Use',
    description:
      'How to give feedback that is timely, specific and acted on, including comment codes, revision windows and short conferences.',
    startOffsetDays: -27,
    durationMinutes: 45,
    host: 'Marcus Oyelaran',
    nasotTitles: ['Effective Feedback', 'Written Feedback That Moves Learning'],
    audiences: ['Middle School Teachers', 'High School Teachers'],
    recorded: true,
  },
  {
    title: 'Questioning Beyond Recall',
    description:
      'Planning question ladders, using wait time and following up so that every student is expected to think, not only the volunteers.',
    startOffsetDays: -9,
    durationMinutes: 60,
    host: 'Priya Raman',
    nasotTitles: ['Questioning for Depth'],
    audiences: ['Instructional Coaches', 'High School Teachers'],
    recorded: true,
  },
  {
    title: 'Coaching Conversations About Formative Assessment',
    description:
      'For coaches and leaders: how to use classroom evidence in coaching cycles and team data huddles without turning it into evaluation.',
    startOffsetDays: -2,
    durationMinutes: 50,
    host: 'Elena Castillo',
    nasotTitles: ['Checking for Understanding', 'Responsive Adjustments'],
    audiences: ['Instructional Coaches', 'School Leaders'],
    recorded: true,
  },
  {
    title: 'Office Hours: Engagement in the Last Period of the Day',
    description:
      'An open, live question-and-answer session about pacing, movement and choice when energy is low. Bring your questions.',
    startOffsetDays: -0.02,
    durationMinutes: 90,
    host: 'Jordan Blake',
    nasotTitles: ['Engagement and Motivation', 'Pacing and Movement'],
    audiences: ['Middle School Teachers', 'New Teachers'],
  },
  {
    title: 'Vocabulary Routines for Multilingual Learners',
    description:
      'Routines that give every student repeated, meaningful encounters with academic vocabulary, with a focus on multilingual learners.',
    startOffsetDays: 3,
    durationMinutes: 60,
    host: 'Amira Haddad',
    nasotTitles: ['Vocabulary Development', 'Introducing New Content'],
    audiences: ['English Learner Specialists', 'Elementary Teachers'],
  },
  {
    title: 'Building Belonging From Day One',
    description:
      'Simple, repeatable moves that help every student feel known and expected to succeed, from greetings to high-expectation feedback.',
    startOffsetDays: 11,
    durationMinutes: 45,
    host: 'Theo Nakamura',
    nasotTitles: ['Relationships and Belonging', 'Knowing Students as Individuals'],
    audiences: ['Special Educators', 'New Teachers'],
  },
  {
    title: 'Student Goal-Setting That Lasts',
    description:
      'How to help students set specific goals, track their progress and lead conversations about their learning with families.',
    startOffsetDays: 19,
    durationMinutes: 60,
    host: 'Grace Adeyemi',
    nasotTitles: ['Self-Assessment and Goal-Setting', 'Student Goal-Setting'],
    audiences: ['Middle School Teachers', 'School Leaders'],
  },
  {
    title: 'Designing Problem-Based Units',
    description:
      'Planning units around authentic problems: choosing the problem, sequencing lessons from students\' need-to-know lists and assessing the final product.',
    startOffsetDays: 33,
    durationMinutes: 75,
    host: 'Samuel Ortiz',
    nasotTitles: ['Applying Knowledge', 'Problem-Based Tasks'],
    audiences: ['High School Teachers', 'Instructional Coaches'],
  },
];

/** Rule choosing the strategies of a playlist, in framework order. */
export type PlaylistRule =
  | { kind: 'elements'; titles: string[]; perElement: number; limit: number }
  | { kind: 'strands'; titles: string[]; perElement: number; limit: number }
  | { kind: 'strategies'; titles: string[] };

export type PlaylistDef = { title: string; description: string; featured: boolean; audiences: string[]; rule: PlaylistRule };

export const playlists: PlaylistDef[] = [
  {
    title: 'First Weeks of School Essentials',
    description: 'The routines, signals and relationship moves that make the first weeks calm and productive.',
    featured: true,
    audiences: ['New Teachers', 'Elementary Teachers'],
    rule: {
      kind: 'strategies',
      titles: ['Routine Rehearsal', 'Consistent Attention Signal', 'Greeting at the Door', 'Co-Created Class Agreements', 'Do Now Entry Task', 'Interest Inventory'],
    },
  },
  {
    title: 'Formative Assessment Starter Kit',
    description: 'Quick ways to see what every student understands and to decide what to do next.',
    featured: true,
    audiences: ['Middle School Teachers', 'High School Teachers', 'Instructional Coaches'],
    rule: { kind: 'elements', titles: ['All-Student Response', 'Exit Tickets and Quick Checks', 'Responsive Adjustments'], perElement: 2, limit: 6 },
  },
  {
    title: 'Feedback That Moves Learning',
    description: 'Verbal, written and peer feedback routines that students act on.',
    featured: true,
    audiences: ['High School Teachers', 'Middle School Teachers'],
    rule: { kind: 'strands', titles: ['Effective Feedback'], perElement: 2, limit: 8 },
  },
  {
    title: 'Vocabulary Across the Day',
    description: 'Routines for introducing, practising and playing with academic vocabulary.',
    featured: false,
    audiences: ['Elementary Teachers', 'English Learner Specialists'],
    rule: { kind: 'elements', titles: ['Vocabulary Development'], perElement: 5, limit: 5 },
  },
  {
    title: 'Deeper Questioning and Discussion',
    description: 'Move from recall questions to discussions where every student reasons aloud.',
    featured: false,
    audiences: ['Instructional Coaches', 'High School Teachers'],
    rule: { kind: 'elements', titles: ['Questioning for Depth', 'Inclusive Discussion'], perElement: 3, limit: 6 },
  },
  {
    title: 'Making Practice Stick',
    description: 'Retrieval, spacing and error analysis for learning that lasts beyond the unit test.',
    featured: false,
    audiences: ['Middle School Teachers', 'High School Teachers'],
    rule: { kind: 'elements', titles: ['Retrieval Practice', 'Error Analysis'], perElement: 3, limit: 6 },
  },
  {
    title: 'Students Who Own Their Learning',
    description: 'Self-assessment, goal-setting and reflection routines that build independent learners.',
    featured: false,
    audiences: ['Middle School Teachers', 'School Leaders'],
    rule: { kind: 'strands', titles: ['Self-Assessment and Goal-Setting'], perElement: 2, limit: 7 },
  },
  {
    title: 'Engagement Boosters',
    description: 'Movement, choice and friendly competition for lessons that need more energy.',
    featured: false,
    audiences: ['Elementary Teachers', 'Middle School Teachers', 'New Teachers'],
    rule: { kind: 'strands', titles: ['Engagement and Motivation'], perElement: 2, limit: 8 },
  },
  {
    title: 'Inclusive Classroom Practices',
    description: 'High expectations, equitable participation and strong family partnerships for every learner.',
    featured: false,
    audiences: ['Special Educators', 'English Learner Specialists', 'School Leaders'],
    rule: { kind: 'elements', titles: ['High Expectations for All', 'Inclusive Discussion', 'Family Partnerships'], perElement: 2, limit: 6 },
  },
  {
    title: 'Coaching Cycle: Clear Learning Goals',
    description: 'A short cycle for coaches and teams working on learning targets, success criteria and progressions.',
    featured: false,
    audiences: ['Instructional Coaches', 'School Leaders'],
    rule: { kind: 'strands', titles: ['Clear Learning Goals'], perElement: 1, limit: 4 },
  },
];

export const COMMUNITY_BASE_URL = 'https://community.example.org/c/';
export const communityUrl = (slug: string) => `${COMMUNITY_BASE_URL}${slug}`;
export const RESOURCES_BASE_URL = 'https://resources.example.org';
export const LIVE_BASE_URL = 'https://live.example.org';
