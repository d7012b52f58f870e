import { Outlet } from 'react-router';
import { Navbar } from '@/views/layout/navbar';
import { Footer } from '@/views/layout/footer';
import { UpgradeBanner } from '@/views/layout/upgrade-banner';
import * as styles from '@/views/layout/shell.css';
import { ChatLauncher } from '@/views/chat/chat-launcher';

/** The home shell (spec §2): navbar 64 px, upgrade banner, the routed page, footer 56 px. */
export function HomeShell() {
  return (
    <div className={styles.shell}>
      <a className={styles.skipLink} href="#main">
        Skip to content
      </a>
      <Navbar />
      <UpgradeBanner />
      <div className={styles.content}>
        <Outlet />
      </div>
      <Footer />
      <ChatLauncher />
    </div>
  );
}
