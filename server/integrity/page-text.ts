// What a crawler takes from a page: its links and its visible text. Deliberately plain (regular
// expressions over the HTML the server sends): the watch compares variants of the same page and
// looks for strangers in it, it does not render. The text is laid out as the reading of stored
// HTML lays it out (src/lib/integrity/reader-view.ts): inline elements join the words beside them.
import { INLINE_ELEMENTS } from '../../src/lib/integrity/reader-text.ts';

/** Hosts the site's own templates link to (footer, contact page, share buttons, map). */
export const TEMPLATE_HOSTS = [
  'x.com', 'facebook.com', 'wa.me', 't.me', 'youtube.com', 'instagram.com', 'openstreetmap.org', 'google.com', 'schema.org',
];

// Inline elements as the renderer writes them (stored content keeps no class, a link only its
// address, target and rel): joined. The page's own markup carries classes and stands apart, as
// its items (a menu's links) show apart on screen.
const INLINE_LIST = INLINE_ELEMENTS.join('|');
const INLINE_TAGS = new RegExp(`<(?:/(?:${INLINE_LIST})|(?:${INLINE_LIST})(?:\\s+(?:href|target|rel)\\s*=\\s*"[^"]*")*\\s*/?)>`, 'gi');

const INVISIBLE_BLOCKS = /<(script|style|noscript|template|svg)\b[\s\S]*?<\/\1\s*>/gi;

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', '#39': "'" };

function decode(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z0-9]+);/gi, (whole, ref: string) => {
    if (ref[0] === '#') {
      const code = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code < 0x110000 ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[ref.toLowerCase()] ?? whole;
  });
}

/** The text a reader sees, in one line; attribute values and scripts are not text. */
export function visibleText(html: string): string {
  return decode(html.replace(/<!--[\s\S]*?-->/g, '').replace(INVISIBLE_BLOCKS, ' ').replace(INLINE_TAGS, '').replace(/<[^>]*>/g, ' '))
    .replace(/\s+/g, ' ')
    .trim();
}

/** Every link target on the page, resolved against `base`, sorted and without duplicates. */
export function pageLinks(html: string, base: string): string[] {
  const links = new Set<string>();
  for (const match of html.replace(INVISIBLE_BLOCKS, ' ').matchAll(/<a\b[^>]*?\shref\s*=\s*("([^"]*)"|'([^']*)'|([^\s>]+))/gi)) {
    const raw = decode(match[2] ?? match[3] ?? match[4] ?? '');
    try {
      links.add(new URL(raw, base).href);
    } catch {
      links.add(raw);
    }
  }
  return [...links].sort();
}

export function hostOf(url: string): string | undefined {
  try {
    return new URL(url).hostname.toLowerCase().replace(/^www\./, '');
  } catch {
    return undefined;
  }
}
