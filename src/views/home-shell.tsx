import { lazy, Suspense, type ReactNode } from 'react';
import { Outlet } from 'react-router';
import { Navbar } from '@/views/layout/navbar';
import { Footer } from '@/views/layout/footer';
import { UpgradeBanner } from '@/views/layout/upgrade-banner';
import * as styles from '@/views/layout/shell.css';

// The Help button (a fixed corner button: nothing moves when it arrives) and its chat machine
// come in their own chunk right after the page, so the first chunk does not carry them.
const ChatLauncher = lazy(() => import('@/views/chat/chat-launcher').then((m) => ({ default: m.ChatLauncher })));
// Likewise the offline banner, whose actor also installs the service worker: after the first screen.
const OfflineBanner = lazy(() => import('@/views/layout/offline-banner').then((m) => ({ default: m.OfflineBanner })));

/** The home shell (spec §2): navbar 64 px, upgrade banner, offline banner, the routed page, footer 56 px. */
export function HomeShell({ children }: { children?: ReactNode }) {
  return (
    <div className={styles.shell}>
      <a className={styles.skipLink} href="#main">
        Skip to content
      </a>
      <Navbar />
      <UpgradeBanner />
      <Suspense fallback={null}>
        <OfflineBanner />
      </Suspense>
      <div className={styles.content}>
        {children ?? <Outlet />}
      </div>
      <Footer />
      <Suspense fallback={null}>
        <ChatLauncher />
      </Suspense>
    </div>
  );
}
