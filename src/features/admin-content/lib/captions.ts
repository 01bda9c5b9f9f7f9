/** Matches the database's limit per caption (articles_image_captions_valid). */
export const CAPTION_MAX = 300

export type Captions = Record<string, string>

/** The captions of the pictures the article still uses, blank ones left out. */
export function captionsFor(captions: Captions, urls: (string | null)[]): Captions {
  const kept: Captions = {}
  for (const url of urls) {
    const caption = url ? captions[url]?.trim() : undefined
    if (url && caption) kept[url] = caption
  }
  return kept
}
