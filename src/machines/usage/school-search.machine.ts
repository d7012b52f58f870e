import { assign, setup } from 'xstate';
import { placeholderAction, placeholderActor } from '@/machines/shared/placeholders';

// The school picker of the Educator Usage page and of its invite dialog (spec §2, §7, §9): a
// district admin types part of a school's name; the search waits 300 ms after the last
// keystroke (`delays.searchDebounce`), then asks for the first 20 matches. 'All Schools' (the
// district roll-up) is always the first option. A failed search shows its message as an error
// snackbar (§8) and leaves the last list in place. Picking tells whoever owns the picker.

export type School = { id: string; name: string };

/** The first option: no school, i.e. the admin's own organization (the district roll-up). */
export const ALL_SCHOOLS_LABEL = 'All Schools';
export const SCHOOL_SEARCH_DEBOUNCE_MS = 300;
export const SCHOOL_SEARCH_PAGE_SIZE = 20;

export type SchoolSearchContext = {
  /** The box's text as typed. */
  text: string;
  /** The text the shown schools were searched with (what the options highlight). */
  searched: string;
  schools: readonly School[];
  /** null: 'All Schools'. */
  selected: School | null;
  error: unknown;
};

/** What the box shows for a choice. */
const shownName = (school: School | null) => school?.name ?? ALL_SCHOOLS_LABEL;

/** The words to search: none while the box just shows the current choice (every school is listed). */
export const searchTerm = (context: Pick<SchoolSearchContext, 'text' | 'selected'>) =>
  context.text === shownName(context.selected) ? '' : context.text.trim();

export type SchoolSearchInput = { selected?: School | null };

export type SchoolSearchEvent =
  | { type: 'schoolSearch.type'; text: string }
  | { type: 'schoolSearch.pick'; school: School | null }
  | { type: 'schoolSearch.clear' }
  | { type: 'screen.leave' };

const typed = ({ event }: { event: Extract<SchoolSearchEvent, { type: 'schoolSearch.type' }> }) => ({ text: event.text });
const picked = ({ event }: { event: Extract<SchoolSearchEvent, { type: 'schoolSearch.pick' }> }) => ({ school: event.school });

export const schoolSearchMachine = setup({
  types: {
    context: {} as SchoolSearchContext,
    events: {} as SchoolSearchEvent,
    input: {} as SchoolSearchInput | undefined,
    tags: {} as 'loading',
  },
  actors: {
    searchSchools: placeholderActor<readonly School[], { name: string; itemsPerPage: number }>('searchSchools'),
  },
  delays: {
    searchDebounce: SCHOOL_SEARCH_DEBOUNCE_MS,
  },
  guards: {
    /**
     * A change the user made: not the picked option's name (or 'All Schools') that the box
     * shows after a choice or when it loses focus, and not the same words again.
     */
    isNewSearch: ({ context }, params: { text: string }) =>
      params.text.trim() !== context.text.trim() && params.text !== shownName(context.selected),
  },
  actions: {
    assignText: assign((_, params: { text: string }) => ({ text: params.text })),
    assignSchools: assign(({ context }, params: { schools: readonly School[] }) => ({ schools: params.schools, searched: searchTerm(context), error: null })),
    assignError: assign((_, params: { error: unknown }) => ({ error: params.error })),
    select: assign((_, params: { school: School | null }) => ({ selected: params.school, text: shownName(params.school) })),
    /** The failure's message as an error snackbar (spec §8). */
    notifyError: placeholderAction<{ error: unknown }>('notifyError'),
    /** Tells the picker's owner (the usage page, the invite form) what was picked. */
    notifyPicked: placeholderAction<{ school: School | null }>('notifyPicked'),
  },
}).createMachine({
  id: 'schoolSearch',
  context: ({ input }) => ({ text: shownName(input?.selected ?? null), searched: '', schools: [], selected: input?.selected ?? null, error: null }),
  // The first 20 schools by name at once, so the list is there when the box opens.
  initial: 'searching',
  on: {
    'schoolSearch.type': [
      { guard: { type: 'isNewSearch', params: typed }, target: '.debouncing', reenter: true, actions: { type: 'assignText', params: typed } },
      { actions: { type: 'assignText', params: typed } },
    ],
    'schoolSearch.pick': {
      actions: [{ type: 'select', params: picked }, { type: 'notifyPicked', params: picked }],
    },
    'schoolSearch.clear': {
      target: '.searching',
      actions: [{ type: 'select', params: { school: null } }, { type: 'notifyPicked', params: { school: null } }],
    },
  },
  states: {
    ready: {},
    debouncing: {
      tags: 'loading',
      after: { searchDebounce: 'searching' },
    },
    searching: {
      tags: 'loading',
      invoke: {
        src: 'searchSchools',
        input: ({ context }) => ({ name: searchTerm(context), itemsPerPage: SCHOOL_SEARCH_PAGE_SIZE }),
        onDone: { target: 'ready', actions: { type: 'assignSchools', params: ({ event }) => ({ schools: event.output }) } },
        onError: {
          target: 'ready',
          actions: [
            { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
            { type: 'notifyError', params: ({ event }) => ({ error: event.error }) },
          ],
        },
      },
    },
  },
});

export type SchoolSearchMachine = typeof schoolSearchMachine;

/** What the picker shows: 'All Schools' first, then the schools found. */
export type SchoolOption = { id: string; name: string; all: boolean };
export const ALL_SCHOOLS_KEY = 'all';
