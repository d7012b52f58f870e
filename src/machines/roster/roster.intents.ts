import type { RosterAccountKind, RosterEvent, RosterFile, RosterSourceEvent } from './roster.types';

/** What the roster screen asks of its actor. */
export const rosterIntents = (send: (event: RosterEvent) => void) => ({
  choose: (file: RosterFile) => send({ type: 'roster.choose', file }),
  recheck: () => send({ type: 'roster.recheck' }),
  open: (importId: string) => send({ type: 'roster.open', importId }),
  showKind: (kind: RosterAccountKind) => send({ type: 'roster.showKind', kind }),
  apply: () => send({ type: 'roster.apply' }),
  confirm: () => send({ type: 'roster.confirm' }),
  cancel: () => send({ type: 'roster.cancel' }),
  close: () => send({ type: 'roster.close' }),
});

/** What the REST endpoint's card asks of its actor (its form is a form). */
export const rosterSourceIntents = (send: (event: RosterSourceEvent) => void) => ({
  retry: () => send({ type: 'source.retry' }),
  pull: () => send({ type: 'source.pull' }),
  remove: () => send({ type: 'source.remove' }),
  confirmRemove: () => send({ type: 'source.confirmRemove' }),
  cancel: () => send({ type: 'source.cancel' }),
});
