import { useId } from 'react';
import * as styles from '@/views/components/star-rating.css';

const VALUES = [1, 2, 3, 4, 5] as const;

export const starLabel = (value: number) => (value === 1 ? '1 star' : `${value} stars`);

type Props = {
  label: string;
  value: number | null;
  onChange: (value: number) => void;
  isDisabled?: boolean;
};

/**
 * Five stars as one group of native radio buttons: the browser gives the arrow keys (which move
 * and choose), one tab stop and "n stars" to a screen reader, with no script of its own.
 */
export function StarRating({ label, value, onChange, isDisabled }: Props) {
  const id = useId();
  return (
    <div role="radiogroup" aria-labelledby={`${id}-label`} aria-disabled={isDisabled || undefined} className={styles.group}>
      <span id={`${id}-label`} className={styles.label}>
        {label}
      </span>
      <div className={styles.stars}>
        {VALUES.map((n) => (
          <label key={n} className={styles.star} data-filled={value !== null && n <= value}>
            <input
              type="radio"
              className={styles.input}
              name={id}
              value={n}
              aria-label={starLabel(n)}
              checked={value === n}
              disabled={isDisabled}
              onChange={() => onChange(n)}
            />
            <svg className={styles.icon} viewBox="0 0 24 24" aria-hidden="true">
              <path
                d="M12 2.8l2.85 5.78 6.38.93-4.62 4.5 1.09 6.35L12 17.36l-5.7 3 1.09-6.35-4.62-4.5 6.38-.93z"
                fill={value !== null && n <= value ? 'currentColor' : 'none'}
                stroke="currentColor"
                strokeWidth="1.6"
                strokeLinejoin="round"
              />
            </svg>
          </label>
        ))}
      </div>
    </div>
  );
}
