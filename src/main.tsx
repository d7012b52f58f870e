import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { reloadOnStaleChunk } from '@/lib/stale-chunks';
import { createRootApp } from '@/machines/root/root.actors';
import { createRouterReporter } from '@/machines/navigation-progress/navigation-progress.router';
import { RootProvider } from '@/views/root-context';
import { createAppRouter } from '@/views/router';
import '@/views/theme/global.css';

reloadOnStaleChunk('chunk-reload-at');

const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain <div id="root">');

/**
 * Start-up runs as four tasks rather than one: evaluating the app's modules, starting the actor
 * system, building the router, and the first render, so the browser can paint and handle input
 * between them (docs/decisions.md, "Start-up in tasks"). An answer that reaches the actors before
 * the router exists waits for it (lateRouterPort).
 */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function start(root: HTMLElement) {
  await nextTask();
  // One actor system for the app's life; the router is handed to it once it exists (the router
  // is built from it).
  const app = createRootApp({
    // A failed provider callback stays on /callback, which explains and then logs out (spec §2).
    auth: { callbackErrorPath: '/callback' },
  });

  await nextTask();
  const router = createAppRouter(app.actor);
  app.bindRouter(router);
  // Navigations feed the loading indicator and the page views (spec §2, §7).
  const reportNavigation = createRouterReporter(app.services.actors.navigationProgress);
  router.subscribe(reportNavigation);
  reportNavigation(router.state);

  await nextTask();
  createRoot(root).render(
    <StrictMode>
      <RootProvider app={app}>
        <RouterProvider router={router} />
      </RootProvider>
    </StrictMode>,
  );
}

void start(container);
