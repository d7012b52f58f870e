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

// One actor system for the app's life; the router is handed to it once it exists (the router
// is built from it).
const app = createRootApp({
  // A failed provider callback stays on /callback, which explains and then logs out (spec §2).
  auth: { callbackErrorPath: '/callback' },
});
const router = createAppRouter(app.actor);
app.bindRouter(router);

// Navigations feed the loading indicator and the page views (spec §2, §7).
const reportNavigation = createRouterReporter(app.services.actors.navigationProgress);
router.subscribe(reportNavigation);
reportNavigation(router.state);

createRoot(container).render(
  <StrictMode>
    <RootProvider app={app}>
      <RouterProvider router={router} />
    </RootProvider>
  </StrictMode>,
);
