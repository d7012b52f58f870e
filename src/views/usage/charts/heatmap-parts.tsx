import * as styles from '@/views/usage/charts/framework-heatmap.css';
import { HEAT_LEVELS } from '@/views/usage/charts/heat-ramp';
import { MEASURES } from '@/views/usage/charts/heatmap-model';

// The heatmap's static parts, drawn the same by the chart and by its loading skeleton.

export function HeatmapHeader() {
  return (
    <div className={styles.headerRow}>
      <span />
      {MEASURES.map((measure) => (
        <span key={measure.key} className={styles.columnLabel}>
          <span className={styles.columnLabelFull}>{measure.label}</span>
          <span className={styles.columnLabelShort}>{measure.short}</span>
        </span>
      ))}
    </div>
  );
}

export function HeatmapLegend() {
  return (
    <div className={styles.legend}>
      <span className={styles.legendScale}>
        <span className={styles.swatch + ' ' + styles.levelFill[0]} />
        None
      </span>
      <span className={styles.legendScale}>
        Fewer
        <span className={styles.swatches}>
          {HEAT_LEVELS.slice(1).map((_, index) => (
            <span key={index} className={`${styles.swatch} ${styles.levelFill[index + 1]}`} />
          ))}
        </span>
        More
      </span>
      <span>Shaded within each column</span>
    </div>
  );
}
