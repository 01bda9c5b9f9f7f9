import { createHash, randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import sharp from 'sharp';

function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/**
 * A real, decodable PNG of `width` x `height` pixels of one colour. With `targetBytes` it is
 * instead a 64-pixel-wide image of random colours, stored uncompressed and sized to exactly
 * `targetBytes` (padded with empty deflate blocks), so size limits can be tested with images
 * the storage's decoder accepts and keeps byte for byte.
 */
export function png(width = 4, height = 4, targetBytes = 0, seed = 0): Buffer {
  const ihdr = (w: number, h: number) => {
    const data = Buffer.alloc(13);
    data.writeUInt32BE(w, 0);
    data.writeUInt32BE(h, 4);
    data[8] = 8; // bit depth
    data[9] = 2; // RGB
    return chunk('IHDR', data);
  };
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const end = chunk('IEND', Buffer.alloc(0));
  if (targetBytes === 0) {
    const rows = Buffer.alloc((width * 3 + 1) * height, seed & 0xff);
    for (let y = 0; y < height; y++) rows[y * (width * 3 + 1)] = 0;
    return Buffer.concat([signature, ihdr(width, height), chunk('IDAT', deflateSync(rows)), end]);
  }
  // fixed parts: signature 8, IHDR 25, IDAT framing 12, zlib header 2 and Adler-32 4, IEND 12
  const room = targetBytes - 63;
  const rowBytes = 64 * 3 + 1;
  const blockOf = 65535;
  let rows = Math.floor(room / rowBytes);
  for (; rows > 0; rows--) {
    const rest = room - rows * rowBytes; // 5 bytes per stored block header
    if (rest % 5 === 0 && rest / 5 >= Math.ceil((rows * rowBytes) / blockOf)) break;
  }
  if (rows <= 0) throw new Error(`png(): ${targetBytes} bytes is too small`);
  const raw = randomBytes(rows * rowBytes);
  for (let y = 0; y < rows; y++) raw[y * rowBytes] = 0;
  const dataBlocks = Math.ceil(raw.length / blockOf);
  const emptyBlocks = (room - raw.length) / 5 - dataBlocks;
  const parts: Buffer[] = [Buffer.from([0x78, 0x01])];
  const stored = (payload: Buffer, final: boolean) => {
    const head = Buffer.alloc(5);
    head[0] = final ? 1 : 0;
    head.writeUInt16LE(payload.length, 1);
    head.writeUInt16LE(~payload.length & 0xffff, 3);
    parts.push(head, payload);
  };
  for (let k = 0; k < emptyBlocks; k++) stored(Buffer.alloc(0), false);
  for (let k = 0; k < dataBlocks; k++) stored(raw.subarray(k * blockOf, (k + 1) * blockOf), k === dataBlocks - 1);
  const adler = Buffer.alloc(4);
  adler.writeUInt32BE(adler32(raw), 0);
  parts.push(adler);
  return Buffer.concat([signature, ihdr(64, rows), chunk('IDAT', Buffer.concat(parts)), end]);
}

/** A tiny PNG whose header declares `width` x `height` pixels: a decompression bomb's shape. */
export function pngDeclaring(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 1; // 1 bit per pixel
  ihdr[9] = 0; // greyscale
  const rows = Buffer.alloc(Math.min(height, 100) * (Math.ceil(width / 8) + 1));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function adler32(bytes: Uint8Array): number {
  let a = 1;
  let b = 0;
  for (const byte of bytes) {
    a = (a + byte) % 65521;
    b = (b + a) % 65521;
  }
  return ((b << 16) | a) >>> 0;
}

/** A real JPEG photo of random noise (so no two are alike), `width` x `height`, without metadata. */
export async function jpeg(width = 64, height = 48): Promise<Buffer> {
  return sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } }).jpeg({ quality: 80 }).toBuffer();
}

export function md5(bytes: Uint8Array): string {
  return createHash('md5').update(bytes).digest('hex');
}

/** Every file under `dir`, as paths relative to it. */
export function filesUnder(dir: string): string[] {
  try {
    return readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
      .sort();
  } catch {
    return [];
  }
}

export function asFile(bytes: Uint8Array, name: string, type: string): File {
  return new File([new Uint8Array(bytes)], name, { type });
}

/**
 * A GIF whose canvas is `width` x `height` and which has `frames` frames of one pixel each: a few
 * bytes per frame, but a decoder draws every frame at the canvas size (100 x 1000 x 1000 = 2.3 kB).
 */
export function gifDeclaring(frames: number, width: number, height: number): Buffer {
  const screen = Buffer.alloc(7);
  screen.writeUInt16LE(width, 0);
  screen.writeUInt16LE(height, 2);
  screen[4] = 0x80; // a global colour table of two colours
  const parts = [Buffer.from('GIF89a', 'latin1'), screen, Buffer.from([0, 0, 0, 255, 255, 255])];
  parts.push(Buffer.from([0x21, 0xff, 0x0b, ...Buffer.from('NETSCAPE2.0', 'latin1'), 0x03, 0x01, 0x00, 0x00, 0x00]));
  for (let i = 0; i < frames; i++) {
    parts.push(Buffer.from([0x21, 0xf9, 0x04, 0x00, 0x0a, 0x00, 0x00, 0x00])); // 100 ms per frame
    const descriptor = Buffer.alloc(10);
    descriptor[0] = 0x2c;
    descriptor.writeUInt16LE(1, 5);
    descriptor.writeUInt16LE(1, 7);
    // LZW, minimum code size 2: clear, colour 0, end of information
    parts.push(descriptor, Buffer.from([0x02, 0x02, 0x44, 0x01, 0x00]));
  }
  parts.push(Buffer.from([0x3b]));
  return Buffer.concat(parts);
}
