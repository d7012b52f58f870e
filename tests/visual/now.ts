/**
 * The day the visual suite's screens show: its server starts its clock here (NOW, server/clock.ts)
 * and seeds its demo content around it, and the browser's clock is fixed here too, so every date
 * and figure on a screen is the same on any day the suite runs.
 */
export const VISUAL_NOW = '2026-11-25T15:00:00Z';
