import { expect, type Page } from '@playwright/test';
import { colourVariety, readPng } from './png';

// What a person sees of a statechart drawing, measured in the browser: the computed colours of
// every state box and its text, where the boxes are, how large the text is on screen, and the
// pixels of the drawing's region. A drawing whose stylesheet did not apply (black boxes, black
// text) or that spills out of its frame fails here even when its DOM is complete.

type Rgba = [number, number, number, number];

type Look = {
  scale: number;
  backdrop: Rgba;
  svgBox: { x: number; y: number; width: number; height: number };
  states: {
    id: string;
    active: boolean;
    fill: Rgba;
    stroke: Rgba;
    strokePx: number;
    box: { x: number; y: number; width: number; height: number };
    texts: { text: string; fill: Rgba; fontPx: number }[];
  }[];
  labels: { text: string; fill: Rgba; background: Rgba }[];
};

function luminance([r, g, b]: Rgba): number {
  const linear = (channel: number) => {
    const c = channel / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

export function contrast(a: Rgba, b: Rgba): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** `top` painted over `bottom` (which is opaque). */
function over(top: Rgba, bottom: Rgba): Rgba {
  const alpha = top[3];
  return [0, 1, 2].map((i) => Math.round(top[i]! * alpha + bottom[i]! * (1 - alpha))).concat(1) as Rgba;
}

async function look(page: Page, name: string): Promise<Look> {
  const svg = page.getByRole('img', { name: `${name} statechart` });
  return svg.evaluate((element): Look => {
    const context = document.createElement('canvas').getContext('2d', { willReadFrequently: true });
    if (!context) throw new Error('no 2d canvas');
    // The canvas resolves any CSS colour syntax (rgb(), color(srgb …), color-mix, names).
    const rgba = (colour: string): [number, number, number, number] => {
      context.clearRect(0, 0, 1, 1);
      context.fillStyle = 'rgba(0, 0, 0, 0)';
      context.fillStyle = colour;
      context.fillRect(0, 0, 1, 1);
      const [r = 0, g = 0, b = 0, a = 0] = context.getImageData(0, 0, 1, 1).data;
      return [r, g, b, a / 255];
    };
    const paint = (value: string, opacity: string): [number, number, number, number] => {
      if (!value || value === 'none' || value.startsWith('url(')) return [0, 0, 0, 0];
      const colour = rgba(value);
      return [colour[0], colour[1], colour[2], colour[3] * Number(opacity || '1')];
    };
    const rect = (box: DOMRect) => ({ x: box.x, y: box.y, width: box.width, height: box.height });
    const svgElement = element as unknown as SVGSVGElement;
    const scale = svgElement.getBoundingClientRect().width / svgElement.viewBox.baseVal.width;
    let backdrop: [number, number, number, number] = [255, 255, 255, 1];
    for (let node: Element | null = svgElement; node; node = node.parentElement) {
      const colour = rgba(getComputedStyle(node).backgroundColor);
      if (colour[3] > 0) {
        backdrop = colour;
        break;
      }
    }
    const states = [...svgElement.querySelectorAll<SVGGElement>('g[data-state]')].map((group) => {
      const box = group.querySelector<SVGRectElement>(':scope > rect');
      if (!box) throw new Error(`no box for ${group.dataset.state}`);
      const style = getComputedStyle(box);
      const strokeWidth = parseFloat(style.strokeWidth) || 0;
      return {
        id: group.dataset.state ?? '',
        active: group.classList.contains('sc-active'),
        fill: paint(style.fill, String(Number(style.fillOpacity) * Number(style.opacity))),
        stroke: paint(style.stroke, String(Number(style.strokeOpacity) * Number(style.opacity))),
        strokePx: style.vectorEffect === 'non-scaling-stroke' ? strokeWidth : strokeWidth * scale,
        box: rect(box.getBoundingClientRect()),
        texts: [...group.querySelectorAll<SVGTextElement>(':scope > text')].map((text) => {
          const textStyle = getComputedStyle(text);
          return { text: text.textContent ?? '', fill: paint(textStyle.fill, textStyle.fillOpacity), fontPx: parseFloat(textStyle.fontSize) * scale };
        }),
      };
    });
    const labels = [...svgElement.querySelectorAll<SVGGElement>('g.sc-label')].flatMap((group) => {
      const background = group.querySelector('rect');
      if (!background) return [];
      const backgroundStyle = getComputedStyle(background);
      return [...group.querySelectorAll('text')].map((text) => ({
        text: text.textContent ?? '',
        fill: paint(getComputedStyle(text).fill, getComputedStyle(text).fillOpacity),
        background: paint(backgroundStyle.fill, backgroundStyle.fillOpacity),
      }));
    });
    return { scale, backdrop, svgBox: rect(svgElement.getBoundingClientRect()), states, labels };
  });
}

/**
 * Every state box has an opaque fill, a visible outline and text that contrasts with it
 * (WCAG: 4.5 for text, 3 for the outline), lies inside the drawing and has a size; edge labels
 * contrast with their backgrounds; the drawing's region on screen is not one flat colour.
 */
export async function expectDrawingLegible(page: Page, name: string, options: { minFontPx?: number } = {}) {
  const seen = await look(page, name);
  expect(seen.states.length, `${name}: state boxes`).toBeGreaterThan(0);
  const problems: string[] = [];
  for (const state of seen.states) {
    const where = `${name} ${state.id}`;
    if (state.fill[3] < 0.99) problems.push(`${where}: fill is not opaque (${state.fill.join(',')})`);
    if (state.stroke[3] < 0.99 || state.strokePx < 1) problems.push(`${where}: outline not visible (${state.stroke.join(',')} × ${state.strokePx.toFixed(2)} px)`);
    else if (contrast(state.stroke, state.fill) < 3) problems.push(`${where}: outline contrast ${contrast(state.stroke, state.fill).toFixed(2)}`);
    if (state.box.width <= 0 || state.box.height <= 0) problems.push(`${where}: no size`);
    const inside =
      state.box.x >= seen.svgBox.x - 1 &&
      state.box.y >= seen.svgBox.y - 1 &&
      state.box.x + state.box.width <= seen.svgBox.x + seen.svgBox.width + 1 &&
      state.box.y + state.box.height <= seen.svgBox.y + seen.svgBox.height + 1;
    if (!inside) problems.push(`${where}: box outside the drawing`);
    for (const text of state.texts) {
      const ratio = contrast(text.fill, over(state.fill, seen.backdrop));
      if (text.fill[3] < 0.99 || ratio < 4.5) problems.push(`${where} "${text.text}": text contrast ${ratio.toFixed(2)}`);
      if (options.minFontPx && text.fontPx < options.minFontPx) problems.push(`${where} "${text.text}": ${text.fontPx.toFixed(1)} px on screen`);
    }
  }
  for (const label of seen.labels) {
    const ratio = contrast(label.fill, over(label.background, seen.backdrop));
    if (ratio < 4.5) problems.push(`${name} label "${label.text}": contrast ${ratio.toFixed(2)}`);
  }
  expect(problems).toEqual([]);

  const region = page.getByRole('region', { name: `${name} statechart drawing` });
  const pixels = readPng(await region.screenshot({ animations: 'disabled' }));
  const variety = colourVariety(pixels);
  // A sparse stretch of a large drawing is mostly its background (up to 87 % measured); a box
  // whose stylesheet did not apply is one flat colour.
  expect(variety.dominantShare, `${name}: share of the most common colour on screen`).toBeLessThan(0.95);
  expect(variety.colours, `${name}: colours covering 0.5 % of the drawing or more`).toBeGreaterThanOrEqual(3);
  return seen;
}

/**
 * The live highlight: the current state is outlined and filled green, unlike the states the
 * machine is not in; the states enclosing it are outlined green too.
 */
export async function expectActiveDrawnGreen(page: Page, name: string, current: string) {
  const seen = await look(page, name);
  const green = ([r, g, b]: Rgba) => g > Math.max(r, b) + 40;
  const state = seen.states.find((candidate) => candidate.id === current);
  expect(state?.active, `${current} is marked active`).toBe(true);
  expect(green(state?.stroke ?? [0, 0, 0, 0]), `${current} outline is green (${state?.stroke.join(',')})`).toBe(true);
  const [r = 0, g = 0, b = 0] = state?.fill ?? [];
  expect(g, `${current} fill leans green (${r},${g},${b})`).toBeGreaterThan(Math.max(r, b));
  const idle = seen.states.filter((candidate) => !candidate.active && candidate.texts.length > 0);
  expect(idle.length).toBeGreaterThan(0);
  for (const other of idle) expect(green(other.stroke), `${other.id} is not outlined green`).toBe(false);
  for (const enclosing of seen.states.filter((candidate) => current.startsWith(`${candidate.id}.`))) {
    expect(green(enclosing.stroke), `${enclosing.id} (enclosing) is outlined green`).toBe(true);
  }
}

/** Content-Security-Policy violations reported by the page (events and console errors). */
export async function watchCsp(page: Page): Promise<() => Promise<string[]>> {
  const logged: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) logged.push(message.text());
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.violatedDirective}: ${event.blockedURI || event.sample}`));
  });
  return async () => [...logged, ...(await page.evaluate(() => (window as unknown as { cspViolations?: string[] }).cspViolations ?? []))];
}

export async function pageWidth(page: Page) {
  return page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth }));
}
