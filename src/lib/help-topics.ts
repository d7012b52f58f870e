// What the help chat knows: short answers about this product's own screens, written from the
// product spec. Nothing here describes behaviour the app does not have; a question none of
// these match gets the community link instead (src/machines/chat/chat.matching.ts).

export type HelpTopic = {
  id: string;
  title: string;
  /** Words and phrases a question about this topic is likely to contain (lowercase). */
  keywords: readonly string[];
  answer: string;
  /** An in-app page that goes with the answer. */
  link?: { label: string; to: string };
};

export const HELP_TOPICS: readonly HelpTopic[] = [
  {
    id: 'catalogue',
    title: 'Finding strategies in the catalogue',
    keywords: ['catalogue', 'catalog', 'find', 'search', 'browse', 'strategy', 'strategies', 'audience', 'livestream', 'playlist'],
    answer:
      'The catalogue lists learning objects, livestreams and playlists. Open Catalog in the main navigation and search or filter by audience; each entry is tagged with framework items and audiences.',
    link: { label: 'Open the catalogue', to: '/catalog' },
  },
  {
    id: 'videos',
    title: 'Watching videos and your progress',
    keywords: ['video', 'videos', 'watch', 'watched', 'play', 'progress', 'complete', 'completed', 'percent'],
    answer:
      'Strategy videos play on the strategy page. Your progress is saved as you watch, and a video counts as watched once you reach 90% of it.',
  },
  {
    id: 'reproducibles',
    title: 'Downloading reproducibles',
    keywords: ['reproducible', 'reproducibles', 'download', 'downloads', 'downloaded', 'printable', 'handout', 'file', 'files', 'resources'],
    answer:
      'Reproducibles are the printable resources of a strategy. Open the strategy, choose its Resources tab and select Download reproducibles; My progress on the page then shows Downloaded: Yes.',
    link: { label: 'Browse strategies', to: '/catalog' },
  },
  {
    id: 'rubric',
    title: 'Scoring a reflection rubric',
    keywords: ['rubric', 'reflection', 'reflect', 'score', 'scored', 'self-assessment', 'implementation guide'],
    answer:
      'Each strategy page has a Reflection rubric tab next to its Implementation guide and Resources tabs. Pick the level that matches your practice and select Save rubric score; My learning shows it under Rubric Score.',
  },
  {
    id: 'ratings',
    title: 'Rating a strategy',
    keywords: ['rate', 'rating', 'ratings', 'rated', 'stars', 'review', 'feedback'],
    answer: 'Under Rate this strategy on a strategy page, pick from one to five stars and select Rate. My learning then shows the strategy as Rated.',
  },
  {
    id: 'apply',
    title: 'Marking a strategy as applied',
    keywords: ['apply', 'applied', 'applying', 'classroom', 'implement', 'tried', 'use in class'],
    answer:
      'When you have used a strategy in your classroom, select Apply in my classroom on its page. Applied strategies count towards your achievements on your Profile and show as Applied in My learning.',
  },
  {
    id: 'bookmarks',
    title: 'Saving strategies for later',
    keywords: ['bookmark', 'bookmarks', 'save', 'saved', 'later', 'favourite', 'favorite', 'keep'],
    answer: 'Select Save on a strategy page to keep it for later. Saved strategies appear under the Saved tab of My learning.',
    link: { label: 'Open My learning', to: '/learning' },
  },
  {
    id: 'my-learning',
    title: 'My learning and the progress table',
    keywords: ['my learning', 'learning', 'progress table', 'in progress', 'filter', 'history', 'started'],
    answer:
      'My learning lists every strategy you have saved or started, with Watched, Downloaded, Rubric Score, Rated and Applied for each. The All, Completed, In Progress and Saved tabs filter it, Sort by and Order sort it, and Download CSV saves it as a spreadsheet. Your Learning record below it gives certificates of what you completed.',
    link: { label: 'Open My learning', to: '/learning' },
  },
  {
    id: 'achievements',
    title: 'Streaks and achievements',
    keywords: ['streak', 'streaks', 'achievement', 'achievements', 'milestone', 'milestones', 'badge', 'badges'],
    answer:
      'Your Profile shows your achievements: strategies applied, watched, saved, rated and in progress, resources downloaded and rubrics scored. Applied, watched and in-progress are your milestones; your streak counts the weeks in which you learned at least once (one quiet week, such as a school break, does not end a streak).',
    link: { label: 'Open your Profile', to: '/profile' },
  },
  {
    id: 'subscription',
    title: 'Subscription, trial and billing',
    keywords: ['subscription', 'subscribe', 'billing', 'bill', 'pay', 'payment', 'price', 'cost', 'trial', 'renew', 'invoice', 'plan'],
    answer:
      'An individual subscription starts with a trial period and then costs $149 per year. Billing, in the account menu at the top right, shows your subscription. If you have no active subscription or free access, the app takes you to the payment page.',
    link: { label: 'Open Billing', to: '/billing' },
  },
  {
    id: 'organization',
    title: 'Access through your school or district',
    keywords: ['organization', 'organisation', 'school', 'district', 'member', 'expired', 'lapsed', 'access', 'license', 'licence'],
    answer:
      'If your school or district provides access you do not need your own subscription. When your organization’s subscription has lapsed you will see a page saying so; please contact your school or district admin.',
  },
  {
    id: 'usage',
    title: 'The Educator Usage report',
    keywords: ['usage', 'report', 'statistics', 'stats', 'active educators', 'logins', 'admin', 'activity'],
    answer:
      'School and district admins find the Educator Usage report under Usage: active educators, logins in the last 30 days, a progress summary and the list of active users. District admins can pick a school.',
    link: { label: 'Open Educator Usage', to: '/usage' },
  },
  {
    id: 'invitations',
    title: 'Inviting educators',
    keywords: ['invite', 'invitation', 'invitations', 'add teacher', 'add educator', 'colleague', 'join'],
    answer:
      'School and district admins invite educators from the Educator Usage page with Invite an Educator: enter the e-mail address, first name and last name. The educator gets an e-mail to create their account.',
    link: { label: 'Open Educator Usage', to: '/usage' },
  },
  {
    id: 'sign-in',
    title: 'Signing in and your password',
    keywords: ['sign in', 'signin', 'log in', 'login', 'password', 'forgot', 'reset', 'account', 'logout', 'sign out', 'verify', 'verification', 'email'],
    answer:
      'Sign in with your e-mail address and password on the sign-in page. Sign out is in the account menu at the top right; Profile also has Sign out everywhere for every device at once. If an e-mail verification link has already been used, your address is already confirmed.',
  },
  {
    id: 'demo',
    title: 'The demo and registering',
    keywords: ['demo', 'register', 'registration', 'try', 'trial account', 'full account', 'sign up', 'signup', 'personalize'],
    answer:
      'The demo lets you browse the catalogue, livestreams and playlists after choosing what you want to explore. To save progress and use every feature, choose Register at the top of the page to create a full account.',
  },
  {
    id: 'community',
    title: 'The educator community',
    keywords: ['community', 'forum', 'discuss', 'discussion', 'other teachers', 'ask people', 'question'],
    answer: 'The community is where educators discuss strategies with each other. Community in the main navigation opens a page with the link to it, which opens in a new tab.',
    link: { label: 'Open Community', to: '/community' },
  },
];
