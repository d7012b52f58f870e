// Props of the Educator Usage charts. Written out here (not taken from the API schema) because
// views never import the API layer; the usage report's payload is structurally the same.

export type LoginDay = {
  /** YYYY-MM-DD, a calendar day (no time zone). */
  date: string;
  count: number;
};

export type LoginsChartProps = {
  /** Every day of the range in order, days without a login included with count 0. */
  days: LoginDay[];
};

export type FrameworkElementUsage = {
  id: string;
  title: string;
  strandTitle: string | null;
  categoryTitle: string | null;
  watched: number;
  rated: number;
  applied: number;
  rubricsScored: number;
};

export type FrameworkHeatmapProps = {
  /** The framework's elements in framework order. */
  elements: FrameworkElementUsage[];
};
