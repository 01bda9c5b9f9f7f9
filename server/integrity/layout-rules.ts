// What a browser's layout does to an element's text, as far as the watch can know it without a
// browser: the element's tag and attributes, its inline style, the site's utility classes (the
// Tailwind names its templates use) and the colours its served stylesheet defines. Only a class
// without a variant applies at every width: `md:hidden` still shows on a phone, and `hidden md:block`
// on a desktop, so neither hides from every reader.

export type Rgb = readonly [number, number, number];

/** The colours of the site's stylesheet by utility name ('primary-foreground' -> #ffffff). */
export type Palette = ReadonlyMap<string, Rgb>;

export interface Paint {
  colour?: Rgb;
  background?: Rgb;
}

/** Whether an element hides its text (and why, in the dashboard's words), and the colours it paints with. */
export interface Layout {
  hiding: string | null;
  paint: Paint;
}

/** Elements whose content a browser does not draw (fallback content, choices, ruby brackets). */
const NOT_DRAWN = new Set(['noscript', 'audio', 'video', 'canvas', 'iframe', 'datalist', 'rp', 'meter', 'progress', 'object']);
const DISPLAYS = /^(block|inline|inline-block|flex|inline-flex|grid|inline-grid|table|contents|flow-root|list-item)$/;
const RESPONSIVE = /^(sm|md|lg|xl|2xl|(min|max)-\S+)$/;
/** Below this opacity, or this contrast between text and background, a reader does not see the text. */
const FAINT = 0.2;
const SAME_COLOUR = 1.2;
/** Further than this off the page, in CSS pixels, a box is off-screen. */
const OFF_SCREEN = 500;

export function parseColour(raw: string | undefined): Rgb | undefined {
  const value = raw?.trim().toLowerCase();
  if (!value) return undefined;
  if (value === 'white') return [255, 255, 255];
  if (value === 'black') return [0, 0, 0];
  const hex = /^#([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/.exec(value)?.[1];
  if (hex) {
    const full = hex.length <= 4 ? [...hex].map((c) => c + c).join('') : hex;
    if (full.length === 8 && parseInt(full.slice(6), 16) < 255) return undefined;
    return [0, 2, 4].map((at) => parseInt(full.slice(at, at + 2), 16)) as unknown as Rgb;
  }
  const rgb = /^rgba?\(\s*(\d+)[\s,]+(\d+)[\s,]+(\d+)\s*(?:[,/]\s*([\d.]+%?))?\s*\)$/.exec(value);
  if (rgb && (rgb[4] === undefined || parseFloat(rgb[4]) >= (rgb[4].endsWith('%') ? 100 : 1))) return [Number(rgb[1]), Number(rgb[2]), Number(rgb[3])];
  return undefined;
}

/** The `--color-*` custom properties of a stylesheet, as Tailwind names its colour utilities. */
export function paletteOf(css: string): Map<string, Rgb> {
  const palette = new Map<string, Rgb>([['white', [255, 255, 255]], ['black', [0, 0, 0]]]);
  for (const [, name, value] of css.matchAll(/--color-([a-z0-9-]+)\s*:\s*([^;}]+)/gi)) {
    const colour = parseColour(value);
    if (colour) palette.set(name.toLowerCase(), colour);
  }
  return palette;
}

function luminance([r, g, b]: Rgb): number {
  const [lr, lg, lb] = [r, g, b].map((c) => (c / 255 <= 0.04045 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4));
  return 0.2126 * lr + 0.7152 * lg + 0.0722 * lb;
}

export function contrast(a: Rgb, b: Rgb): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/** A CSS length in pixels (1em = 16px, viewport units of a 1440 px screen), or undefined. */
function pixels(raw: string): number | undefined {
  const m = /^(-?[\d.]+)(px|pt|r?em|vw|vh|%)?$/.exec(raw.trim());
  if (!m) return undefined;
  const n = parseFloat(m[1]);
  const unit = m[2] ?? (n === 0 ? 'px' : '');
  const scale: Record<string, number> = { px: 1, pt: 4 / 3, em: 16, rem: 16, vw: 14.4, vh: 9, '%': 14.4 };
  return unit in scale ? n * scale[unit] : undefined;
}

function styleHiding(style: Map<string, string>): string | null {
  const get = (name: string) => style.get(name) ?? '';
  if (get('display') === 'none') return 'display:none';
  if (/^(hidden|collapse)$/.test(get('visibility'))) return 'visibility:hidden';
  const opacity = get('opacity');
  if (opacity && parseFloat(opacity) / (opacity.endsWith('%') ? 100 : 1) < FAINT) return 'opacity rendah';
  const font = pixels(get('font-size'));
  if (font !== undefined && font < 4) return 'font-size sangat kecil';
  const clipped = /^(hidden|clip)/.test(get('overflow'));
  if (clipped && ['width', 'height', 'max-width', 'max-height'].some((name) => (pixels(get(name)) ?? 2) <= 1)) return 'ukuran nol';
  if (/rect\(\s*0/.test(get('clip')) || /inset\(\s*50%|circle\(\s*0/.test(get('clip-path')) || /scale\(\s*0\s*\)/.test(get('transform'))) return 'ukuran nol';
  const far = (name: string) => (pixels(get(name)) ?? 0) <= -OFF_SCREEN;
  if (far('text-indent') || far('margin-left') || far('margin-top')) return 'posisi di luar layar';
  if (/^(absolute|fixed)$/.test(get('position')) && ['left', 'top', 'right', 'inset'].some(far)) return 'posisi di luar layar';
  if ([...get('transform').matchAll(/translate[xy]?\(\s*([^,)]+)/g)].some((m) => (pixels(m[1]) ?? 0) <= -OFF_SCREEN)) return 'posisi di luar layar';
  return null;
}

function parseStyle(raw: string): Map<string, string> {
  const style = new Map<string, string>();
  for (const declaration of raw.replace(/\/\*[\s\S]*?\*\//g, '').split(';')) {
    const at = declaration.indexOf(':');
    if (at > 0) style.set(declaration.slice(0, at).trim().toLowerCase(), declaration.slice(at + 1).replace(/!important/i, '').trim().toLowerCase());
  }
  return style;
}

/** A class split into its variants and its utility ('md:hover:!w-0' -> ['md', 'hover'], 'w-0'). */
function splitClass(cls: string): { variants: string[]; utility: string } {
  const parts = cls.split(/:(?![^[]*\])/);
  return { variants: parts.slice(0, -1), utility: parts[parts.length - 1].replace(/^!|!$/g, '') };
}

/** A Tailwind arbitrary or scale value in pixels: '[9999px]' or a spacing step of 4 px ('96'). */
function utilityPixels(value: string): number | undefined {
  const arbitrary = /^\[(.+)\]$/.exec(value)?.[1];
  if (arbitrary !== undefined) return pixels(arbitrary);
  return /^\d+(\.\d+)?$/.test(value) ? parseFloat(value) * 4 : value === 'px' ? 1 : undefined;
}

function opacityOf(utility: string): number | undefined {
  const value = /^opacity-(.+)$/.exec(utility)?.[1];
  if (value === undefined) return undefined;
  const arbitrary = /^\[([\d.]+)(%?)\]$/.exec(value);
  if (arbitrary) return parseFloat(arbitrary[1]) / (arbitrary[2] ? 100 : 1);
  return /^\d+$/.test(value) ? Number(value) / 100 : undefined;
}

/** What a visibility utility says: hides (true), shows (false), or nothing about it (undefined). */
function family(utility: string): { name: string; hides: boolean } | undefined {
  if (utility === 'hidden' || DISPLAYS.test(utility)) return { name: 'display', hides: utility === 'hidden' };
  if (/^(invisible|collapse|visible)$/.test(utility)) return { name: 'visibility', hides: utility !== 'visible' };
  if (utility === 'sr-only' || utility === 'not-sr-only') return { name: 'sr-only', hides: utility === 'sr-only' };
  const opacity = opacityOf(utility);
  return opacity === undefined ? undefined : { name: 'opacity', hides: opacity < FAINT };
}

const FAMILY_REASON: Record<string, string> = { display: 'kelas hidden', visibility: 'kelas invisible', 'sr-only': 'kelas sr-only', opacity: 'opacity rendah' };

function classHiding(classes: string[]): string | null {
  const split = classes.map(splitClass);
  const plain = split.filter((c) => c.variants.length === 0).map((c) => c.utility);
  const shownAtSomeWidth = new Set(split.filter((c) => c.variants.length > 0 && c.variants.every((v) => RESPONSIVE.test(v)))
    .map((c) => family(c.utility)).filter((f) => f && !f.hides).map((f) => f!.name));
  for (const utility of plain) {
    const f = family(utility);
    if (f?.hides && !shownAtSomeWidth.has(f.name)) return FAMILY_REASON[f.name];
  }
  const clipped = plain.some((u) => /^(overflow(-[xy])?-(hidden|clip)|truncate|line-clamp-\d+|text-clip)$/.test(u));
  const tiny = (prefix: string) => plain.some((u) => u.startsWith(prefix) && (utilityPixels(u.slice(prefix.length)) ?? 2) <= 1);
  if (clipped && ['w-', 'h-', 'size-', 'max-w-', 'max-h-'].some(tiny)) return 'ukuran nol';
  if (plain.some((u) => u === 'scale-0' || /^text-\[/.test(u) && (pixels(u.slice(6, -1)) ?? 4) < 4)) return 'ukuran nol';
  const far = plain.some((u) => {
    const m = /^-(indent|left|top|right|inset|inset-[xy]|start|end|translate-[xy]|m[lt]?)-(.+)$/.exec(u);
    return m !== null && (utilityPixels(m[2]) ?? 0) >= OFF_SCREEN;
  });
  return far ? 'posisi di luar layar' : null;
}

/** A colour utility ('text-white', 'bg-card', 'text-[#fff]', 'text-white/90'); opacity below half is no known colour. */
function classColour(classes: string[], prefix: 'text-' | 'bg-', palette: Palette): Rgb | undefined {
  let found: Rgb | undefined;
  for (const cls of classes) {
    const { variants, utility } = splitClass(cls);
    if (variants.length > 0 || !utility.startsWith(prefix)) continue;
    const [name, alpha] = utility.slice(prefix.length).split('/');
    if (alpha !== undefined && Number(alpha) < 50) continue;
    found = /^\[.+\]$/.test(name) ? parseColour(name.slice(1, -1)) ?? found : palette.get(name) ?? found;
  }
  return found;
}

/**
 * The layout of one element under a parent painted `parent`. `details` and `dialog` are judged by
 * the caller, which knows which child is the summary.
 */
export function layoutOf(tag: string, attrs: ReadonlyMap<string, string>, parent: Paint, palette: Palette): Layout {
  const style = parseStyle(attrs.get('style') ?? '');
  const classes = (attrs.get('class') ?? '').split(/\s+/).filter(Boolean);
  // a gradient or a picture behind the text: its colour is not known here
  const pictured = /gradient|url\(/.test(style.get('background') ?? style.get('background-image') ?? '')
    || classes.some((c) => /^(bg-(gradient|linear|radial|conic)-|bg-\[(url|image|linear|radial))/.test(c));
  const paint: Paint = {
    colour: parseColour(style.get('color')) ?? classColour(classes, 'text-', palette) ?? parent.colour,
    background: pictured ? undefined
      : parseColour(style.get('background-color') ?? style.get('background')) ?? classColour(classes, 'bg-', palette) ?? parent.background,
  };
  let hiding: string | null = null;
  if (NOT_DRAWN.has(tag)) hiding = `elemen <${tag}>`;
  else if (attrs.has('hidden')) hiding = 'atribut hidden';
  else if (attrs.has('popover')) hiding = 'atribut popover';
  else hiding = styleHiding(style) ?? classHiding(classes);
  const transparent = style.get('color') === 'transparent' || classes.includes('text-transparent');
  if (!hiding && transparent && !classes.includes('bg-clip-text') && !/text/.test(style.get('background-clip') ?? '')) hiding = 'warna teks transparan';
  if (!hiding && paint.colour && paint.background && contrast(paint.colour, paint.background) < SAME_COLOUR) hiding = 'warna teks sama dengan latar';
  return { hiding, paint };
}
