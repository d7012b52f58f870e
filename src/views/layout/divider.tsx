import { divider } from '@/views/layout/divider.css';

type Props = {
  /** CSS length along the rule; spec §9 default 100%. */
  length?: string;
  /** CSS length across the rule; spec §9 default 6px. */
  thickness?: string;
  /** Theme colour; spec §9 default secondary. */
  color?: 'primary' | 'secondary' | 'muted';
  orientation?: 'horizontal' | 'vertical';
  className?: string;
};

/** A decorative rule (hidden from assistive technology). */
export function Divider({ length = '100%', thickness = '6px', color = 'secondary', orientation = 'horizontal', className }: Props) {
  const size = orientation === 'horizontal' ? { width: length, height: thickness } : { height: length, width: thickness };
  return <div aria-hidden="true" className={[divider({ orientation, color }), className].filter(Boolean).join(' ')} style={size} />;
}
