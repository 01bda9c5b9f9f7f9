/** The image formats the site accepts from a picker, recognised by their first bytes, never by name or type. */
export type ImageKind = 'image/jpeg' | 'image/png' | 'image/webp'

export function sniffImageKind(head: Uint8Array): ImageKind | null {
  const at = (i: number, ...bytes: number[]) => bytes.every((b, k) => head[i + k] === b)
  if (at(0, 0xff, 0xd8, 0xff)) return 'image/jpeg'
  if (at(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png'
  if (at(0, 0x52, 0x49, 0x46, 0x46) && at(8, 0x57, 0x45, 0x42, 0x50)) return 'image/webp'
  return null
}

/** Reads only the first bytes of a file (a 40 MB photo is not loaded to look at its type). */
export async function sniffFile(file: Blob): Promise<ImageKind | null> {
  return sniffImageKind(new Uint8Array(await file.slice(0, 16).arrayBuffer()))
}
