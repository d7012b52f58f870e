import type { CatalogItemSummary } from '@/machines/catalog/catalog.types';

// Times in the viewer's own time zone, with the zone named so nobody has to guess.
const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
// timeStyle cannot be combined with timeZoneName, hence the explicit fields.
const timeOnly = new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit', timeZoneName: 'short' });

export function LivestreamTime({ item }: { item: Pick<CatalogItemSummary, 'startDate' | 'endDate'> }) {
  if (!item.startDate) return null;
  const start = new Date(item.startDate);
  const end = item.endDate ? new Date(item.endDate) : null;
  return (
    <span>
      <time dateTime={item.startDate}>{dateTime.format(start)}</time>
      {end && item.endDate && (
        <>
          {' – '}
          <time dateTime={item.endDate}>{timeOnly.format(end)}</time>
        </>
      )}
    </span>
  );
}
