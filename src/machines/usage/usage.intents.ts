import type { DateRange } from '@/lib/date-range';
import type { BulkInviteEvent, CsvFile } from './bulk-invite.machine';
import type { School, SchoolSearchEvent } from './school-search.machine';
import type { Member, MemberStatus, UsageEvent } from './usage.types';

/** What the Educator Usage page asks of its actor. */
export const usageIntents = (send: (event: UsageEvent) => void) => ({
  setRange: (range: DateRange) => send({ type: 'usage.setRange', range }),
  retry: () => send({ type: 'usage.retry' }),
  openInvite: () => send({ type: 'usage.openInvite' }),
  openImport: () => send({ type: 'usage.openImport' }),
  closeDialog: () => send({ type: 'usage.closeDialog' }),
  exportCsv: () => send({ type: 'usage.export' }),
  /** The table's tab: which educators it lists. */
  setMemberStatus: (status: MemberStatus) => send({ type: 'usage.setMemberStatus', status }),
  /** "Send again": a new invitation link for an educator who has not accepted. */
  resend: (member: Member) => send({ type: 'usage.resend', member }),
});

/** What a school picker asks: every keystroke (the machine waits for a pause), a choice, clearing. */
export const schoolSearchIntents = (send: (event: SchoolSearchEvent) => void) => ({
  type: (text: string) => send({ type: 'schoolSearch.type', text }),
  pick: (school: School | null) => send({ type: 'schoolSearch.pick', school }),
  clear: () => send({ type: 'schoolSearch.clear' }),
});

export const bulkInviteIntents = (send: (event: BulkInviteEvent) => void) => ({
  choose: (file: CsvFile) => send({ type: 'bulk.choose', file }),
  send: () => send({ type: 'bulk.send' }),
  reset: () => send({ type: 'bulk.reset' }),
});
