import { crc32, deflateSync } from 'node:zlib'

function chunk(type: string, data: Buffer) {
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body))
  return Buffer.concat([length, body, crc])
}

/** A real PNG of one colour, so the server's content sniffing accepts it. */
export function png(width: number, height: number, [r, g, b]: [number, number, number]): Buffer {
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header[8] = 8 // bit depth
  header[9] = 2 // truecolour RGB
  const row = Buffer.alloc(1 + width * 3)
  for (let x = 0; x < width; x++) row.set([r, g, b], 1 + x * 3)
  const raw = Buffer.concat(Array.from({ length: height }, () => row))
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

export const imageFile = (name: string, rgb: [number, number, number]) => ({
  name,
  mimeType: 'image/png',
  buffer: png(64, 40, rgb),
})

/** Named .png, but HTML inside: the storage server must refuse it by its bytes. */
export const fakePng = (name: string) => ({
  name,
  mimeType: 'image/png',
  buffer: Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>'),
})

/** Starts like a PNG (so a byte check lets it through) but cannot be decoded. */
export const corruptPng = (name: string) => ({
  name,
  mimeType: 'image/png',
  buffer: Buffer.concat([png(8, 8, [0, 0, 0]).subarray(0, 16), Buffer.from('rusak, bukan data gambar')]),
})
