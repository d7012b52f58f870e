// Milestones of the three achievements that have them (spec §3: applied, watched, in progress):
// the counts a learner works toward, and how far they are to the next one.

export const MILESTONE_STEPS: readonly number[] = [1, 5, 10, 25, 50, 100, 250, 500];

export type MilestoneProgress = {
  /** The last milestone reached (0 before the first). */
  reached: number;
  /** The next one, or null past the last. */
  next: number | null;
  /** 0–100: the way from the last milestone to the next. */
  percent: number;
};

export function milestoneProgress(value: number): MilestoneProgress {
  const next = MILESTONE_STEPS.find((step) => step > value) ?? null;
  const reached = [...MILESTONE_STEPS].reverse().find((step) => step <= value) ?? 0;
  if (next === null) return { reached, next, percent: 100 };
  return { reached, next, percent: Math.round(((value - reached) / (next - reached)) * 100) };
}
