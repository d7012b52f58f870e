import { buildIcs } from '@/machines/calendar/calendar.ics';
import { defineScreen } from '@/machines/shared/screen';
import { calendarMachine } from './calendar.machine';

export const calendarScreen = defineScreen('calendar', ({ browser }) =>
  calendarMachine.provide({
    actions: {
      saveCalendarFile: (_, { item }) => {
        if (!item.startDate) return;
        const start = new Date(item.startDate);
        const ics = buildIcs({
          uid: `${item.id}@${window.location.host}`,
          start,
          end: item.endDate ? new Date(item.endDate) : start,
          summary: item.title,
          description: item.description,
          url: new URL(`/livestreams/${encodeURIComponent(item.publicId)}`, window.location.origin).href,
        });
        browser.saveFile({ blob: new Blob([ics], { type: 'text/calendar;charset=utf-8' }), fileName: `${item.publicId}.ics` });
      },
    },
  }),
);
