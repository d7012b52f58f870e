import { inflateSync } from 'node:zlib';

// Just enough of PNG to read Playwright's screenshots (8-bit RGB or RGBA, not interlaced), so
// a test can look at the pixels a person would see without an image library.

export type Pixels = { width: number; height: number; channels: 3 | 4; data: Uint8Array };

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function paeth(left: number, up: number, upLeft: number): number {
  const estimate = left + up - upLeft;
  const toLeft = Math.abs(estimate - left);
  const toUp = Math.abs(estimate - up);
  const toUpLeft = Math.abs(estimate - upLeft);
  if (toLeft <= toUp && toLeft <= toUpLeft) return left;
  return toUp <= toUpLeft ? up : upLeft;
}

export function readPng(file: Buffer): Pixels {
  if (!file.subarray(0, 8).equals(SIGNATURE)) throw new Error('not a PNG');
  let width = 0;
  let height = 0;
  let channels: 3 | 4 = 4;
  const compressed: Buffer[] = [];
  for (let offset = 8; offset < file.length; ) {
    const length = file.readUInt32BE(offset);
    const type = file.toString('latin1', offset + 4, offset + 8);
    const body = file.subarray(offset + 8, offset + 8 + length);
    if (type === 'IHDR') {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      const [depth, colourType, , , interlace] = [body[8], body[9], body[10], body[11], body[12]];
      if (depth !== 8 || (colourType !== 2 && colourType !== 6) || interlace !== 0) {
        throw new Error(`unsupported PNG: depth ${depth}, colour type ${colourType}, interlace ${interlace}`);
      }
      channels = colourType === 6 ? 4 : 3;
    } else if (type === 'IDAT') {
      compressed.push(body);
    } else if (type === 'IEND') {
      break;
    }
    offset += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(compressed));
  const stride = width * channels;
  const data = new Uint8Array(height * stride);
  for (let y = 0; y < height; y += 1) {
    const filter = raw[y * (stride + 1)];
    const row = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    for (let x = 0; x < stride; x += 1) {
      const left = x >= channels ? (data[y * stride + x - channels] ?? 0) : 0;
      const up = y > 0 ? (data[(y - 1) * stride + x] ?? 0) : 0;
      const upLeft = y > 0 && x >= channels ? (data[(y - 1) * stride + x - channels] ?? 0) : 0;
      const value = row[x] ?? 0;
      const predicted = filter === 0 ? 0 : filter === 1 ? left : filter === 2 ? up : filter === 3 ? (left + up) >> 1 : paeth(left, up, upLeft);
      data[y * stride + x] = (value + predicted) & 0xff;
    }
  }
  return { width, height, channels, data };
}

/** The share of the most common colour and how many colours cover at least `floor` of the pixels (channels quantised to 32 levels). */
export function colourVariety(pixels: Pixels, floor = 0.005): { dominantShare: number; colours: number } {
  const counts = new Map<number, number>();
  const total = pixels.width * pixels.height;
  for (let index = 0; index < total; index += 1) {
    const at = index * pixels.channels;
    const key = ((pixels.data[at] ?? 0) >> 3) * 1024 + ((pixels.data[at + 1] ?? 0) >> 3) * 32 + ((pixels.data[at + 2] ?? 0) >> 3);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const shares = [...counts.values()].map((count) => count / total);
  return { dominantShare: Math.max(...shares), colours: shares.filter((share) => share >= floor).length };
}
