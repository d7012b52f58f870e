// @vitest-environment jsdom
import '../support/vanilla-extract-scope';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createElement } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import * as heatmapStyles from '@/views/usage/charts/framework-heatmap.css';
import { contrastRatio, HEAT_LEVELS, luminance, resolveFill, resolveInk, SCHEMES, TOP_LEVEL } from '@/views/usage/charts/heat-ramp';
import { FrameworkHeatmap, LoginsChart } from '@/views/usage/charts/index';
import { FrameworkHeatmapSkeleton, LazyFrameworkHeatmap, LazyLoginsChart, LoginsChartSkeleton } from '@/views/usage/charts/lazy-charts';
import type { FrameworkElementUsage, LoginDay } from '@/views/usage/charts/types';

// The Educator Usage charts as a reader meets them: the drawn marks, the announced summary and
// the table behind the "Show as table" button. Colours are checked on the values the fills
// resolve to in the light and the dark scheme.

afterEach(cleanup);

const utcDay = (date: string, options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat(undefined, { ...options, timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));

function daysOf(start: string, counts: number[]): LoginDay[] {
  const first = Date.parse(`${start}T00:00:00Z`);
  return counts.map((count, index) => ({ date: new Date(first + index * 86_400_000).toISOString().slice(0, 10), count }));
}

// November 2026: 143 logins, most on the 12th (14).
const NOVEMBER = [3, 5, 10, 7, 2, 0, 0, 6, 9, 4, 8, 14, 6, 1, 0, 0, 5, 7, 3, 9, 6, 0, 0, 4, 8, 10, 5, 2, 0, 9];

const bars = (container: HTMLElement) => [...container.querySelectorAll<SVGRectElement>('rect[data-date]')];
const showTable = () => act(() => void fireEvent.click(screen.getByRole('button', { name: 'Show as table' })));

describe('LoginsChart', () => {
  const days = daysOf('2026-11-01', NOVEMBER);

  it('draws one column per day, its height proportional to the day’s logins', () => {
    const { container } = render(createElement(LoginsChart, { days }));
    const marks = bars(container);
    expect(marks.map((mark) => mark.dataset.date)).toEqual(days.map((day) => day.date));

    const heights = marks.map((mark) => Number(mark.getAttribute('height')));
    const perLogin = heights[11]! / 14;
    expect(perLogin).toBeGreaterThan(0);
    days.forEach((day, index) => expect(heights[index]).toBeCloseTo(day.count * perLogin, 6));
    // Columns stand on the baseline, left to right in date order.
    const xs = marks.map((mark) => Number(mark.getAttribute('x')));
    expect(xs).toEqual([...xs].sort((a, b) => a - b));
    const bottoms = marks.map((mark) => Number(mark.getAttribute('y')) + Number(mark.getAttribute('height')));
    expect(new Set(bottoms.map((bottom) => bottom.toFixed(6))).size).toBe(1);
  });

  it('says the range, the total and the busiest day to a screen reader, and labels the axis', () => {
    render(createElement(LoginsChart, { days }));
    const chart = screen.getByRole('img');
    const label = chart.getAttribute('aria-label')!;
    expect(label).toMatch(/^Logins per day, /);
    expect(label).toContain('143 in total');
    expect(label).toContain(`most on ${utcDay('2026-11-12', { day: 'numeric', month: 'short' })} (14)`);
    expect(chart.textContent).toContain(utcDay('2026-11-01', { day: 'numeric', month: 'short' }));
    expect(chart.textContent).toContain(utcDay('2026-11-30', { day: 'numeric', month: 'short' }));
    expect(chart.textContent).toContain('14');
  });

  it('opens a table of every day and its logins, and closes it again', async () => {
    render(createElement(LoginsChart, { days }));
    const toggle = screen.getByRole('button', { name: 'Show as table' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('table')).toBeNull();

    await showTable();
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const table = screen.getByRole('table', { name: /^Logins per day, / });
    expect(screen.getByRole('region', { name: /^Logins per day, / }).tabIndex).toBe(0);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(days.length);
    rows.forEach((row, index) => {
      const day = days[index]!;
      expect(within(row).getByRole('rowheader').textContent).toContain(utcDay(day.date, { day: 'numeric' }));
      expect(within(row).getByRole('cell').textContent).toBe(String(day.count));
    });

    await act(() => void fireEvent.click(toggle));
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('keeps a column for each of 731 days', () => {
    const long = daysOf('2025-01-01', Array.from({ length: 731 }, (_, index) => (index * 7) % 23));
    const { container } = render(createElement(LoginsChart, { days: long }));
    expect(bars(container)).toHaveLength(731);
    expect(screen.getByRole('img').getAttribute('aria-label')).toContain(utcDay('2025-01-01', { year: 'numeric' }));
  });

  it('shows a friendly empty state when nobody logged in', () => {
    const { container } = render(createElement(LoginsChart, { days: daysOf('2026-11-01', Array(30).fill(0)) }));
    expect(screen.getByText('No logins in this period')).toBeTruthy();
    expect(screen.queryByRole('img')).toBeNull();
    expect(bars(container)).toHaveLength(0);
  });
});

const element = (id: number, title: string, strandTitle: string | null, values: [number, number, number, number]): FrameworkElementUsage => {
  const [watched, rated, applied, rubricsScored] = values;
  return { id: `e${id}`, title, strandTitle, categoryTitle: strandTitle ? 'Instruction' : null, watched, rated, applied, rubricsScored };
};

const ELEMENTS: FrameworkElementUsage[] = [
  element(1, 'Providing feedback that moves learning forward in every lesson', 'Feedback', [40, 12, 3, 0]),
  element(2, 'Checking for understanding', 'Feedback', [22, 9, 7, 2]),
  element(3, 'Classroom routines', 'Environment', [0, 0, 0, 0]),
  element(4, 'Questioning', 'Environment', [5, 1, 9, 1]),
  element(5, 'Goal setting', null, [31, 4, 1, 3]),
];
const MEASURE_KEYS = ['watched', 'rated', 'applied', 'rubricsScored'] as const;

const cellsOf = (container: HTMLElement) => [...container.querySelectorAll<HTMLElement>('[data-measure]')];
const levelOf = (cell: HTMLElement) => Number(cell.dataset.level);
const valueOf = (cell: HTMLElement) => ELEMENTS.find((e) => e.id === cell.closest<HTMLElement>('[data-element]')!.dataset.element)![cell.dataset.measure as (typeof MEASURE_KEYS)[number]];

describe('FrameworkHeatmap', () => {
  it('draws a cell per element and measure showing its number', () => {
    const { container } = render(createElement(FrameworkHeatmap, { elements: ELEMENTS }));
    const cells = cellsOf(container);
    expect(cells).toHaveLength(ELEMENTS.length * 4);
    for (const cell of cells) expect(cell.textContent).toBe(String(valueOf(cell)));
    const rows = [...container.querySelectorAll<HTMLElement>('[data-element]')];
    expect(rows.map((row) => row.dataset.element)).toEqual(ELEMENTS.map((e) => e.id));
    // A long title is clamped in the grid and kept whole in its tooltip.
    expect(within(rows[0]!).getByTitle(ELEMENTS[0]!.title)).toBeTruthy();
    expect(screen.getByText('Instruction · Feedback')).toBeTruthy();
  });

  it('shades each column by its values: zero is level 0, the column’s highest the top level, never out of order', () => {
    const { container } = render(createElement(FrameworkHeatmap, { elements: ELEMENTS }));
    const cells = cellsOf(container);
    for (const key of MEASURE_KEYS) {
      const column = cells.filter((cell) => cell.dataset.measure === key).sort((a, b) => valueOf(a) - valueOf(b));
      const levels = column.map(levelOf);
      expect(levels).toEqual([...levels].sort((a, b) => a - b));
      expect(levels.at(-1)).toBe(TOP_LEVEL);
      for (const cell of column) expect(levelOf(cell) === 0).toBe(valueOf(cell) === 0);
    }
    // Per column, not overall: the applied column's 9 is as dark as the watched column's 40.
    const applied9 = cells.find((cell) => cell.dataset.measure === 'applied' && valueOf(cell) === 9)!;
    expect(levelOf(applied9)).toBe(TOP_LEVEL);
    // The class drawn is the level's.
    for (const cell of cells) expect(cell.className).toBe(heatmapStyles.cell[levelOf(cell)]);
  });

  it('a higher level is a stronger fill in both schemes: darker on light, brighter on dark', () => {
    const lightLuminance = HEAT_LEVELS.slice(1).map((level) => luminance(resolveFill(level.fill, SCHEMES.light)));
    const darkLuminance = HEAT_LEVELS.slice(1).map((level) => luminance(resolveFill(level.fill, SCHEMES.dark)));
    for (let index = 1; index < lightLuminance.length; index++) {
      expect(lightLuminance[index]!).toBeLessThan(lightLuminance[index - 1]!);
      expect(darkLuminance[index]!).toBeGreaterThan(darkLuminance[index - 1]!);
    }
    // Level 1 still stands apart from the surface.
    expect(lightLuminance[0]!).toBeLessThan(luminance(resolveFill({ base: 'surface', tint: 'surface', share: 0 }, SCHEMES.light)));
  });

  it('every number has at least 4.5:1 contrast with its cell, in light and dark', () => {
    const { container } = render(createElement(FrameworkHeatmap, { elements: ELEMENTS }));
    const drawnLevels = new Set(cellsOf(container).map(levelOf));
    expect(drawnLevels.size).toBeGreaterThanOrEqual(4);
    for (const [scheme, colors] of Object.entries(SCHEMES)) {
      HEAT_LEVELS.forEach((level, index) => {
        const ratio = contrastRatio(resolveInk(level.ink, colors), resolveFill(level.fill, colors));
        expect(ratio, `level ${index} in ${scheme}: ${ratio.toFixed(2)}`).toBeGreaterThanOrEqual(4.5);
      });
    }
  });

  it('says the totals and each column’s leader, and opens a table of every element', async () => {
    render(createElement(FrameworkHeatmap, { elements: ELEMENTS }));
    const label = screen.getByRole('img').getAttribute('aria-label')!;
    expect(label).toContain('5 elements: 98 watched, 26 rated, 20 applied, 6 reflections');
    expect(label).toContain('Watched: Providing feedback that moves learning forward in every lesson (40)');
    expect(label).toContain('Applied: Questioning (9)');

    await showTable();
    const table = screen.getByRole('table', { name: 'Usage by framework element' });
    expect(within(table).getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['Element', 'Watched', 'Rated', 'Applied', 'Reflections']);
    for (const item of ELEMENTS) {
      const row = within(table).getByRole('rowheader', { name: item.title }).closest('tr')!;
      expect(within(row).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(MEASURE_KEYS.map((key) => String(item[key])));
    }
    expect(within(table).getAllByRole('rowheader', { name: /^Instruction · / })).toHaveLength(2);
  });

  it('shows a friendly empty state when there is no activity', () => {
    const quiet = ELEMENTS.map((item) => ({ ...item, watched: 0, rated: 0, applied: 0, rubricsScored: 0 }));
    const { container } = render(createElement(FrameworkHeatmap, { elements: quiet }));
    expect(screen.getByText('No framework activity in this period')).toBeTruthy();
    expect(cellsOf(container)).toHaveLength(0);
    cleanup();
    render(createElement(FrameworkHeatmap, { elements: [] }));
    expect(screen.getByText('No framework activity in this period')).toBeTruthy();
  });
});

describe('lazy charts', () => {
  it('hold the place with a skeleton, then draw the chart', async () => {
    render(createElement('div', null, createElement(LazyLoginsChart, { days: daysOf('2026-11-01', NOVEMBER) }), createElement(LazyFrameworkHeatmap, { elements: ELEMENTS })));
    expect(screen.getAllByRole('status').length).toBeGreaterThan(0);
    expect(await screen.findByRole('img', { name: /^Logins per day/ })).toBeTruthy();
    expect(await screen.findByRole('img', { name: /^Usage by framework element/ })).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('lend their skeletons to a page still loading its data', () => {
    const { container } = render(createElement('div', null, createElement(LoginsChartSkeleton), createElement(FrameworkHeatmapSkeleton)));
    expect(screen.getAllByRole('status')).toHaveLength(2);
    expect(container.textContent).toContain('Loading the logins chart');
    expect(container.textContent).toContain('Loading the framework heatmap');
  });

  it('show the empty states without loading the charts', () => {
    render(createElement(LazyLoginsChart, { days: daysOf('2026-11-01', [0, 0, 0]) }));
    expect(screen.getByText('No logins in this period')).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });
});

describe('the chart library stays in the lazy chunk', () => {
  const exists = (path: string) => {
    try {
      return Boolean(readFileSync(path));
    } catch {
      return false;
    }
  };
  const src = resolve(dirname(fileURLToPath(import.meta.url)), '../../src');
  const file = (module: string) => ['.tsx', '.ts'].map((ext) => join(src, module + ext)).find(exists)!;

  it('what the page imports statically (lazy-charts.tsx and its imports) never imports visx or the charts module', () => {
    const seen = new Set<string>();
    const visit = (module: string) => {
      if (seen.has(module)) return;
      seen.add(module);
      // Static imports only; `import('…')` is the lazy boundary.
      for (const [, specifier] of readFileSync(file(module), 'utf8').matchAll(/^import\s[^;]*?from\s'([^']+)'/gms)) {
        expect(specifier, `${module} imports ${specifier}`).not.toMatch(/^@visx\//);
        if (specifier!.startsWith('@/views/usage/charts/')) visit(specifier!.slice(2));
      }
    };
    visit('views/usage/charts/lazy-charts');
    expect(seen.has('views/usage/charts/index')).toBe(false);
    expect(seen.has('views/usage/charts/logins-chart')).toBe(false);
    expect(seen.has('views/usage/charts/framework-heatmap')).toBe(false);
    expect(seen.size).toBeGreaterThan(5);
  });
});
