/** What a subscription includes: the upgrade dialog and the payment page say the same. */
export const INCLUDED = [
  'Every strategy video, with reflection rubrics and classroom-ready reproducibles',
  'Live and recorded livestreams with instructional coaches',
  'Curated playlists and personal recommendations',
  'Progress tracking across everything you watch, rate and apply',
] as const;

export const money = (amount: number, currency = 'USD') =>
  new Intl.NumberFormat(undefined, { style: 'currency', currency, minimumFractionDigits: Number.isInteger(amount) ? 0 : 2 }).format(amount);

export const longDate = (iso: string | Date) => new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'long', day: 'numeric' });
