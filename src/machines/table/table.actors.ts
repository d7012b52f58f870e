import { fromCallback, fromPromise } from 'xstate';
import type { AppServices } from '@/machines/root/app-services';
import { defineScreen } from '@/machines/shared/screen';
import { tableMachine } from './table.machine';
import type { FetchPageInput, TableEvent, TablePage } from './table.types';

/**
 * A data table whose options live in the address bar: its page comes from `fetchPage`, it
 * rewrites the query with a replace navigation, and hears back, forward and links on its page.
 */
export function defineTableScreen(name: string, fetchPage: FetchPage) {
  return defineScreen(name, (services) => tableLogic(services, fetchPage));
}

type FetchPage = (services: AppServices, input: FetchPageInput, signal: AbortSignal) => Promise<TablePage>;

/** The table machine with a screen's fetch and the router glue: also what a screen invokes as a child table. */
export function tableLogic(services: AppServices, fetchPage: FetchPage) {
  return tableMachine.provide({
    actors: {
      fetchPage: fromPromise<TablePage, FetchPageInput>(({ input, signal }) => fetchPage(services, input, signal)),
      watchUrl: fromCallback<TableEvent>(({ sendBack }) => {
        const { pathname } = services.router.current();
        return services.router.subscribe((location) => {
          if (location.pathname === pathname) sendBack({ type: 'table.urlChanged', search: location.search });
        });
      }),
    },
    actions: {
      replaceQuery: (_, { search }) => services.router.navigate({ search }, { replace: true }),
    },
  });
}
