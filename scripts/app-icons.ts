import { crc32, deflateSync } from 'node:zlib';

/**
 * The installed app's icons (the web manifest's 192 and 512 px, and a maskable 512 px), drawn at
 * build time from public/favicon.svg's shapes rather than kept as binary files: a blue square with
 * rounded corners (a maskable icon fills its square: the launcher cuts its own shape) and the white
 * "E", whose outline has straight edges only, so a point-in-polygon test with 4×4 samples a pixel
 * draws it. Change the favicon and this together.
 */
const BRAND = [0x1d, 0x4e, 0xd8] as const;
const WHITE = [0xff, 0xff, 0xff] as const;
/** The favicon's path "M11.5 22V10h9v3h-6v2h5v3h-5v1h6v3z" in its 32-unit box, as corners. */
const LETTER: [number, number][] = [
  [11.5, 22], [11.5, 10], [20.5, 10], [20.5, 13], [14.5, 13], [14.5, 15], [19.5, 15],
  [19.5, 18], [14.5, 18], [14.5, 19], [20.5, 19], [20.5, 22],
];
const CORNER = 6;
const SAMPLES = 4;

function inLetter(x: number, y: number) {
  let inside = false;
  for (let i = 0, j = LETTER.length - 1; i < LETTER.length; j = i++) {
    const [xi, yi] = LETTER[i]!;
    const [xj, yj] = LETTER[j]!;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

function inRoundedSquare(x: number, y: number) {
  const cx = Math.min(Math.max(x, CORNER), 32 - CORNER);
  const cy = Math.min(Math.max(y, CORNER), 32 - CORNER);
  return (x - cx) ** 2 + (y - cy) ** 2 <= CORNER ** 2;
}

/** The icon as a PNG of `size` px square (RGBA, 8 bits a channel). */
export function appIcon(size: number, { maskable = false } = {}): Buffer {
  const stride = size * 4 + 1;
  const pixels = Buffer.alloc(stride * size);
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let covered = 0;
      let letter = 0;
      for (let sy = 0; sy < SAMPLES; sy++) {
        for (let sx = 0; sx < SAMPLES; sx++) {
          const x = ((px + (sx + 0.5) / SAMPLES) * 32) / size;
          const y = ((py + (sy + 0.5) / SAMPLES) * 32) / size;
          if (!maskable && !inRoundedSquare(x, y)) continue;
          covered++;
          if (inLetter(x, y)) letter++;
        }
      }
      const at = py * stride + 1 + px * 4;
      for (let c = 0; c < 3; c++) pixels[at + c] = covered ? Math.round((BRAND[c]! * (covered - letter) + WHITE[c]! * letter) / covered) : 0;
      pixels[at + 3] = Math.round((covered * 255) / SAMPLES ** 2);
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(pixels, { level: 9 })), chunk('IEND', Buffer.alloc(0))]);
}

function chunk(type: string, data: Buffer) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** Written by the build beside index.html; the web manifest (vite.config.ts) names them. */
export const APP_ICONS = [
  { src: '/icons/app-192.png', sizes: '192x192', type: 'image/png', purpose: 'any', render: () => appIcon(192) },
  { src: '/icons/app-512.png', sizes: '512x512', type: 'image/png', purpose: 'any', render: () => appIcon(512) },
  { src: '/icons/app-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable', render: () => appIcon(512, { maskable: true }) },
] as const;
