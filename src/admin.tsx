import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { reloadOnStaleChunk } from '@/lib/stale-chunks';
import { createRootApp } from '@/machines/root/root.actors';
import { RootProvider } from '@/views/root-context';
import { createAdminRouter } from '@/views/admin/admin-router';
import '@/views/theme/global.css';

// The platform admin site (admin.html): its own build and chunks, the educator app's actor
// system (the same sign-in, session and snackbar) under a router of its own.

reloadOnStaleChunk('admin-chunk-reload-at');

const container = document.getElementById('root');
if (!container) throw new Error('admin.html must contain <div id="root">');

/** Start-up in tasks, as the educator app's (src/main.tsx): the actor system, the router, the first render. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function start(root: HTMLElement) {
  await nextTask();
  // Sign-in and sign-out leave this app (the provider's callback and /login are the educator
  // app's): every navigation the session asks for is a page load.
  const app = createRootApp({ auth: { callbackErrorPath: '/callback' }, navigate: (to) => window.location.assign(to) });
  await nextTask();
  const router = createAdminRouter(app.actor);
  app.bindRouter(router);
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
