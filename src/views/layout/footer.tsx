import { PRODUCT_NAME } from '@/views/layout/brand';
import * as styles from '@/views/layout/footer.css';

const HELP_URL = import.meta.env.VITE_HELP_URL ?? 'https://help.example.org';
const PRIVACY_URL = import.meta.env.VITE_PRIVACY_URL ?? 'https://help.example.org/privacy';

export function Footer() {
  return (
    <footer className={styles.footer}>
      <p className={styles.copyright}>
        © {new Date().getFullYear()} {PRODUCT_NAME}
      </p>
      <ul className={styles.links}>
        <li>
          <a className={styles.link} href={HELP_URL} target="_blank" rel="noopener noreferrer">
            Help
          </a>
        </li>
        <li>
          <a className={styles.link} href={PRIVACY_URL} target="_blank" rel="noopener noreferrer">
            Privacy
          </a>
        </li>
      </ul>
    </footer>
  );
}
