import { Label, Radio, RadioGroup } from 'react-aria-components';
import * as styles from '@/views/components/star-rating.css';

const VALUES = [1, 2, 3, 4, 5] as const;

export const starLabel = (value: number) => (value === 1 ? '1 star' : `${value} stars`);

type Props = {
  label: string;
  value: number | null;
  onChange: (value: number) => void;
  isDisabled?: boolean;
};

/** Five stars as one radio group: arrow keys move between them, each is "n stars" to a screen reader. */
export function StarRating({ label, value, onChange, isDisabled }: Props) {
  return (
    <RadioGroup
      className={styles.group}
      orientation="horizontal"
      value={value === null ? null : String(value)}
      onChange={(next) => onChange(Number(next))}
      isDisabled={isDisabled}
    >
      <Label className={styles.label}>{label}</Label>
      <div className={styles.stars}>
        {VALUES.map((n) => (
          <Radio key={n} value={String(n)} aria-label={starLabel(n)} className={styles.star} data-filled={value !== null && n <= value}>
            <svg className={styles.icon} viewBox="0 0 24 24" aria-hidden="true">
              <path
                d="M12 2.8l2.85 5.78 6.38.93-4.62 4.5 1.09 6.35L12 17.36l-5.7 3 1.09-6.35-4.62-4.5 6.38-.93z"
                fill={value !== null && n <= value ? 'currentColor' : 'none'}
                stroke="currentColor"
                strokeWidth="1.6"
                strokeLinejoin="round"
              />
            </svg>
          </Radio>
        ))}
      </div>
    </RadioGroup>
  );
}
