import { Link } from '@/views/components/link';
import * as styles from '@/views/layout/brand.css';

export const PRODUCT_NAME = 'Educator Learning Platform';

function Logo() {
  return (
    <span className={styles.logo} aria-hidden="true">
      EL
    </span>
  );
}

/** The product name with its mark, as plain text. */
export function BrandMark() {
  return (
    <span className={styles.brand}>
      <Logo />
      {PRODUCT_NAME}
    </span>
  );
}

/** The product name linking home (the user's home: `to`), for the navbar. */
export function BrandLink({ textClassName, to = '/' }: { textClassName?: string; to?: string }) {
  return (
    <Link to={to} className={styles.brand} aria-label={`${PRODUCT_NAME} home`}>
      <Logo />
      <span className={textClassName}>{PRODUCT_NAME}</span>
    </Link>
  );
}
