import { setup } from 'xstate';
import { placeholderAction } from '@/machines/shared/placeholders';

// /demo?ticket=…: the link e-mailed to whoever asked for a demo. Following it starts the demo's
// session (the auth actor signs in with the ticket and holds any failure to show).

export type DemoLinkInput = { ticket: string };

export const demoLinkMachine = setup({
  types: { input: {} as DemoLinkInput, context: {} as DemoLinkInput },
  actions: {
    startDemo: placeholderAction<DemoLinkInput>('startDemo'),
  },
}).createMachine({
  id: 'demoLink',
  context: ({ input }) => input,
  entry: { type: 'startDemo', params: ({ context }) => context },
});
