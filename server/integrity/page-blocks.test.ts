/**
 * Issue 42 item 6: the watch reads a served page as a browser lays it out. Each way of hiding text
 * from every reader (but not from a crawler) leaves that text out of what is shown and names the
 * rule; what a reader sees at some width stays shown.
 */
import { describe, expect, it } from 'vitest';
import { pageBlocks } from './page-blocks.ts';
import { paletteOf } from './layout-rules.ts';

const SITE_CSS = ':root,:host{--color-background:#f5f5f0;--color-foreground:#121a15;--color-card:#ffffff;--color-primary:#1f3d2b;--color-primary-foreground:#ffffff}';
const palette = paletteOf(SITE_CSS);
const page = (inner: string) => `<!doctype html><html><head><title>Berita</title></head><body class="bg-background text-foreground">
<main><h1>Latihan terbang malam</h1><p>Awal ${inner} akhir.</p></main></body></html>`;

function read(inner: string) {
  const blocks = pageBlocks(page(inner), palette);
  return {
    shown: blocks.filter((b) => b.hidden === null).map((b) => b.text).join(' | '),
    hidden: blocks.filter((b) => b.hidden !== null).map((b) => `${b.hidden}: ${b.text}`),
  };
}

describe('text hidden from every reader is not shown, and says how it hides', () => {
  it.each([
    ['the hidden attribute', '<span hidden>slot gacor</span>', 'atribut hidden'],
    ['display:none', '<span style="display: none">slot gacor</span>', 'display:none'],
    ['visibility:hidden', '<span style="visibility:hidden">slot gacor</span>', 'visibility:hidden'],
    ['opacity 0 inline', '<span style="opacity:0.05">slot gacor</span>', 'opacity rendah'],
    ['the hidden class', '<span class="hidden">slot gacor</span>', 'kelas hidden'],
    ['sr-only', '<span class="sr-only">slot gacor</span>', 'kelas sr-only'],
    ['opacity-0', '<span class="opacity-0">slot gacor</span>', 'opacity rendah'],
    ['opacity-[0.07]', '<span class="opacity-[0.07]">slot gacor</span>', 'opacity rendah'],
    ['invisible', '<span class="invisible">slot gacor</span>', 'kelas invisible'],
    ['w-0 with overflow hidden', '<span class="inline-block w-0 overflow-hidden">slot gacor</span>', 'ukuran nol'],
    ['h-0 with overflow hidden', '<span class="inline-block h-0 overflow-hidden">slot gacor</span>', 'ukuran nol'],
    ['w-px truncate', '<span class="w-px truncate inline-block">slot gacor</span>', 'ukuran nol'],
    ['zero size inline', '<span style="display:inline-block;width:0;overflow:hidden">slot gacor</span>', 'ukuran nol'],
    ['font size 0', '<span style="font-size:0">slot gacor</span>', 'font-size sangat kecil'],
    ['negative absolute position', '<span style="position:absolute;left:-9999px">slot gacor</span>', 'posisi di luar layar'],
    ['text-indent -9999', '<span style="display:block;text-indent:-9999px">slot gacor</span>', 'posisi di luar layar'],
    ['-indent-[9999px]', '<span class="-indent-[9999px]">slot gacor</span>', 'posisi di luar layar'],
    ['white on the white card', '<span class="bg-card"><span class="text-primary-foreground">slot gacor</span></span>', 'warna teks sama dengan latar'],
    ['the page background colour', '<span style="color:#f5f5f0">slot gacor</span>', 'warna teks sama dengan latar'],
    ['transparent text', '<span class="text-transparent">slot gacor</span>', 'warna teks transparan'],
    ['audio fallback', '<audio>slot gacor</audio>', 'elemen <audio>'],
    ['canvas fallback', '<canvas>slot gacor</canvas>', 'elemen <canvas>'],
    ['datalist', '<datalist><option>slot gacor</option></datalist>', 'elemen <datalist>'],
    ['popover', '<span popover>slot gacor</span>', 'atribut popover'],
    ['a closed details', '<details><summary>Baca</summary>slot gacor</details>', 'elemen <details> tertutup'],
  ])('%s', (_name, inner, how) => {
    const { shown, hidden } = read(inner);
    expect(shown).not.toMatch(/slot gacor/);
    expect(hidden).toContain(`${how}: slot gacor`);
  });
});

describe('what a reader sees stays shown', () => {
  it.each([
    ['plain text', '<strong>slot gacor</strong>'],
    ['hidden below md, shown above', '<span class="hidden md:inline">slot gacor</span>'],
    ['hidden only on a desktop', '<span class="md:hidden">slot gacor</span>'],
    ['white text on the primary colour', '<span class="bg-primary text-primary-foreground">slot gacor</span>'],
    ['white on a gradient over a white card', '<span class="bg-card"><span class="bg-gradient-to-t from-navy/95 text-white">slot gacor</span></span>'],
    ['gradient text', '<span class="bg-clip-text text-transparent bg-gradient-to-r">slot gacor</span>'],
    ['a narrow box that does not clip', '<span class="w-0">slot gacor</span>'],
    ['an open details', '<details open><summary>Baca</summary>slot gacor</details>'],
  ])('%s', (_name, inner) => {
    const { shown, hidden } = read(inner);
    expect(shown).toMatch(/(^| )slot gacor( |$)/);
    expect(hidden).toEqual([]);
  });

  it('joins inline elements as one word, keeps blocks apart, and never reads scripts, styles or the head', () => {
    const blocks = pageBlocks(`<html><head><title>judul</title><style>.x{}</style></head><body><p>ga<strong>c</strong><wbr>or</p>
      <div>satu<p>dua</p>tiga</div><script type="application/json">{"slot":"gacor"}</script></body></html>`, palette);
    expect(blocks).toEqual([
      { text: 'gacor', hidden: null }, { text: 'satu', hidden: null }, { text: 'dua', hidden: null }, { text: 'tiga', hidden: null },
    ]);
  });
});
