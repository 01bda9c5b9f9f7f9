/**
 * Whether an image file holds nothing but pixels and colour information. Files that do are stored
 * byte for byte (the browser already resized and re-encoded them, so re-encoding again would only
 * lose quality and grow them); anything else is re-encoded by sharp, which drops every
 * metadata block. Unknown or unparsable structure counts as "not only pixels": the safe answer.
 */
export function holdsOnlyPixels(bytes: Uint8Array, mimetype: string): boolean {
  try {
    if (mimetype === 'image/jpeg') return jpegHoldsOnlyPixels(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    if (mimetype === 'image/png') return pngHoldsOnlyPixels(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    if (mimetype === 'image/webp') return webpHoldsOnlyPixels(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  } catch {
    // a length running past the end: not a structure we vouch for
  }
  return false;
}

// SOFn, DHT, DAC, DQT, DRI, DNL: the markers a decoder needs
const JPEG_CODING_MARKERS = new Set([
  0xc0, 0xc1, 0xc2, 0xc3, 0xc4, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcc, 0xcd, 0xce, 0xcf, 0xdb, 0xdd, 0xdc,
]);

/** APP segments allowed to stay, by their identifier: JFIF/JFXX headers, ICC profile, Adobe colour transform. */
function jpegAppAllowed(marker: number, data: Buffer): boolean {
  const id = data.subarray(0, 12).toString('latin1');
  if (marker === 0xe0) return id.startsWith('JFIF\0') || id.startsWith('JFXX\0');
  if (marker === 0xe2) return id.startsWith('ICC_PROFILE\0');
  if (marker === 0xee) return id.startsWith('Adobe');
  return false; // APP1 (EXIF, XMP), APP13 (IPTC), maker and vendor segments
}

function jpegHoldsOnlyPixels(b: Buffer): boolean {
  if (b[0] !== 0xff || b[1] !== 0xd8) return false;
  let i = 2;
  for (;;) {
    if (b[i] !== 0xff) return false;
    while (b[i] === 0xff) i++;
    const marker = b[i++];
    if (marker === undefined) return false;
    if (marker === 0xd9) return i === b.length; // bytes after EOI (e.g. a second, EXIF-carrying image) need cleaning
    if (marker >= 0xd0 && marker <= 0xd7) continue;
    const length = b.readUInt16BE(i);
    if (length < 2 || i + length > b.length) return false;
    const data = b.subarray(i + 2, i + length);
    i += length;
    if (marker >= 0xe0 && marker <= 0xef) {
      if (!jpegAppAllowed(marker, data)) return false;
    } else if (marker === 0xda) {
      // entropy-coded data runs to the next marker that is not a stuffed byte or a restart
      while (i < b.length && !(b[i] === 0xff && b[i + 1] !== 0x00 && !(b[i + 1] >= 0xd0 && b[i + 1] <= 0xd7))) i++;
      if (i >= b.length) return false;
    } else if (!JPEG_CODING_MARKERS.has(marker)) {
      return false; // COM and anything unknown
    }
  }
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
// image data, palette, transparency, colour space and pixel size, APNG frames; no text, eXIf or private chunks
const PNG_PIXEL_CHUNKS = new Set([
  'IHDR', 'PLTE', 'IDAT', 'IEND', 'tRNS', 'cHRM', 'gAMA', 'iCCP', 'sBIT', 'sRGB', 'cICP', 'pHYs', 'bKGD', 'acTL', 'fcTL', 'fdAT',
]);

function pngHoldsOnlyPixels(b: Buffer): boolean {
  if (!b.subarray(0, 8).equals(PNG_SIGNATURE)) return false;
  let i = 8;
  while (i + 12 <= b.length) {
    const length = b.readUInt32BE(i);
    const type = b.subarray(i + 4, i + 8).toString('latin1');
    i += 12 + length;
    if (i > b.length || !PNG_PIXEL_CHUNKS.has(type)) return false;
    if (type === 'IEND') return i === b.length;
  }
  return false;
}

const WEBP_PIXEL_CHUNKS = new Set(['VP8 ', 'VP8L', 'VP8X', 'ALPH', 'ANIM', 'ANMF', 'ICCP']);

function webpHoldsOnlyPixels(b: Buffer): boolean {
  if (b.subarray(0, 4).toString('latin1') !== 'RIFF' || b.subarray(8, 12).toString('latin1') !== 'WEBP') return false;
  if (b.readUInt32LE(4) + 8 !== b.length) return false;
  let i = 12;
  while (i + 8 <= b.length) {
    const type = b.subarray(i, i + 4).toString('latin1');
    const length = b.readUInt32LE(i + 4);
    if (!WEBP_PIXEL_CHUNKS.has(type)) return false; // EXIF, XMP and unknown chunks
    if (type === 'VP8X' && (b[i + 8] & 0x0c) !== 0) return false; // header announces EXIF or XMP
    i += 8 + length + (length % 2);
  }
  return i === b.length;
}
