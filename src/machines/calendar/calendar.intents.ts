import type { CatalogItem } from '@/machines/catalog/catalog.types';
import type { CalendarEvent } from './calendar.machine';

export const calendarIntents = (send: (event: CalendarEvent) => void) => ({
  add: (item: CatalogItem) => send({ type: 'calendar.add', item }),
});
