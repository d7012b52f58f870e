import { setup } from 'xstate';
import type { CatalogItem } from '@/machines/catalog/catalog.types';
import { placeholderAction } from '@/machines/shared/placeholders';

// "Add to calendar" on a livestream: the .ics file is built in the browser and handed to its
// download, so nothing about the learner's calendar reaches the server.

export type CalendarEvent = { type: 'calendar.add'; item: CatalogItem };

export const calendarMachine = setup({
  types: { events: {} as CalendarEvent },
  actions: {
    saveCalendarFile: placeholderAction<{ item: CatalogItem }>('saveCalendarFile'),
  },
}).createMachine({
  id: 'calendar',
  on: {
    'calendar.add': { actions: { type: 'saveCalendarFile', params: ({ event }) => ({ item: event.item }) } },
  },
});
