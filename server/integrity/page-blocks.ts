// A served page read as a browser lays it out: its text in blocks (a paragraph, a heading, a list
// item, a box), inline elements joined as they are drawn ('ga<strong>cor</strong>' is one word),
// and each block either seen by a reader or hidden from every reader, with the rule that hides it.
import { parse, type DefaultTreeAdapterTypes as T } from 'parse5';
import { layoutOf, paletteOf, type Paint, type Palette } from './layout-rules.ts';

export interface TextBlock {
  text: string;
  /** Why no reader sees it ('kelas sr-only', 'display:none'...); null when it is shown. */
  hidden: string | null;
}

/** Not text at all: what runs, styles or describes the page (the page's state as JSON, its head); a feed's <title> is its items' text. */
const NOT_TEXT = new Set(['head', 'script', 'style', 'template', 'desc', 'metadata']);
const BLOCKS = new Set([
  'html', 'body', 'address', 'article', 'aside', 'blockquote', 'caption', 'dd', 'details', 'dialog', 'div', 'dl', 'dt', 'fieldset',
  'figcaption', 'figure', 'footer', 'form', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'header', 'hr', 'li', 'main', 'nav', 'ol', 'p', 'pre',
  'section', 'summary', 'table', 'tbody', 'td', 'tfoot', 'th', 'thead', 'tr', 'ul', 'br', 'option', 'legend',
]);
const BLOCK_CLASS = /(^|\s)(block|flex|grid|table|flow-root|list-item)(\s|$)/;
const SPACE = /[ \t\n\f\r]+/g;

function isElement(node: T.ChildNode): node is T.Element {
  return 'tagName' in node;
}

/** The colours a page draws on when no element sets one: the site's own background and text. */
function pagePaint(palette: Palette): Paint {
  return { colour: palette.get('foreground') ?? [0, 0, 0], background: palette.get('background') ?? [255, 255, 255] };
}

export function pageBlocks(html: string, palette: Palette = paletteOf('')): TextBlock[] {
  const blocks: TextBlock[] = [];
  let parts: { text: string; hidden: string | null }[] = [];

  // one block's text: what is shown joined, and each hidden run on its own
  const flush = () => {
    const shown = parts.filter((p) => p.hidden === null).map((p) => p.text).join('').replace(SPACE, ' ').trim();
    if (shown) blocks.push({ text: shown, hidden: null });
    let run: { text: string; hidden: string } | undefined;
    for (const part of [...parts, { text: '', hidden: null }]) {
      if (run && part.hidden !== run.hidden) {
        const text = run.text.replace(SPACE, ' ').trim();
        if (text) blocks.push({ text, hidden: run.hidden });
        run = undefined;
      }
      if (part.hidden !== null) run = run ? { ...run, text: run.text + part.text } : { text: part.text, hidden: part.hidden };
    }
    parts = [];
  };

  const walk = (node: T.ParentNode, hidden: string | null, paint: Paint) => {
    const children = node.childNodes;
    // a closed <details> shows its summary only (or the browser's own, when it has none)
    const closed = (node as T.Element).tagName === 'details' && !(node as T.Element).attrs.some((a) => a.name === 'open');
    const summary = closed ? children.find((c) => isElement(c) && c.tagName === 'summary') : undefined;
    for (const child of children) {
      const inside = hidden ?? (closed && child !== summary ? 'elemen <details> tertutup' : null);
      if (child.nodeName === '#text') {
        parts.push({ text: (child as T.TextNode).value, hidden: inside });
        continue;
      }
      if (!isElement(child) || NOT_TEXT.has(child.tagName)) continue;
      const attrs = new Map(child.attrs.map((a) => [a.name.toLowerCase(), a.value]));
      const layout = layoutOf(child.tagName, attrs, paint, palette);
      let hides = inside ?? layout.hiding;
      if (!hides && child.tagName === 'dialog' && !attrs.has('open')) hides = 'elemen <dialog> tertutup';
      const block = BLOCKS.has(child.tagName) || BLOCK_CLASS.test(attrs.get('class') ?? '');
      if (block) flush();
      walk(child, hides, layout.paint);
      if (block) flush();
    }
  };

  walk(parse(html), null, pagePaint(palette));
  flush();
  return blocks;
}

/** The stylesheets a page links to (resolved against its address), for the palette. */
export function stylesheetLinks(html: string, url: string): string[] {
  const links: string[] = [];
  for (const tag of html.match(/<link\b[^>]*>/gi) ?? []) {
    if (!/\brel\s*=\s*["']?stylesheet/i.test(tag)) continue;
    const href = /\bhref\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i.exec(tag);
    const raw = href?.[1] ?? href?.[2] ?? href?.[3];
    if (raw) links.push(new URL(raw.replace(/&amp;/g, '&'), url).href);
  }
  return links;
}

/** The page's own `<style>` blocks. */
export function inlineStyles(html: string): string {
  return [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style\s*>/gi)].map((m) => m[1]).join('\n');
}
