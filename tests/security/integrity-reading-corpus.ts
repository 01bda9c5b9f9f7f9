/**
 * Issue 42 items 1 and 3: stored HTML whose reading the TypeScript renderer and the SQL guard must
 * agree on. The attack classes of the issue, written as an attacker stores them, and a seeded
 * generator of HTML over the editor's elements, the inline elements a paste brings, and the
 * characters that disguise a word.
 */
import { DISGUISES } from './integrity-disguises.ts';

const wrap = (html: string) => `<p>Kunjungi ${html} sekarang.</p>`;

/** Every disguise of integrity-disguises.ts, and more of each class. */
export const ATTACKS: string[] = [
  ...Object.values(DISGUISES).flat().flatMap((fields) => [fields.content, `<h2>${fields.title}</h2>`]),
  ...['ga\u2060cor', 'sl\u200bot g\u200dacor', 'ga\u00adcor', 'ga&shy;cor', 'ga&#xad;cor', 'ga&zwj;cor', 'ga\u034fcor', 'ga\u{e0067}cor', 'ga\u115fcor',
    'g\u0430c\u043er', '\u0455lot', 'm\u0430xw\u0456n', 'g\u03b1cor', '\u0261\u0251cor', 'to\u0261el', '\u13a2ogel',
    '\uff33\uff2c\uff2f\uff34', '\u{1d412}\u{1d40b}\u{1d40e}\u{1d413}', 'ga\u24d2or', 'g\u00e0c\u00f6r', 'ga&#769;cor', 'g&#x301;acor', 'gáčor',
    'SLOTGACOR', 'Togel4D', 'situsGACOR88', 's l o t', 'g.a.c.o.r', 's_l_o_t', 'g - a - c - o - r',
    'ga<wbr>cor', 'ga<WBR/>cor', 'ga<!-- x -->cor', 'ga<!---->cor', 'ga<!-->cor', 'ga<!--->cor', 'ga<!-- a --!>cor', 'ga<?x?>cor', 'ga<!x>cor',
    '\u202erocag', '\u202erocag\u202c tols', '\u2067legot\u2069', '\u200frocag',
    'ga<strong>cor</strong>', 'ga<em>c</em>or', 'ga<b>cor</b>', 'g<i>a</i><u>c</u><s>o</s>r', 'ga<span>cor</span>', 'ga<font>cor</font>', 'ga<code>cor</code>',
    'ga<mark>cor</mark>', 'ga<sub>c</sub><sup>o</sup>r', 'ga<small>cor</small>', 'ga<abbr>cor</abbr>', 'ga<a href="/x">cor</a>',
    'ga<audio>hidden</audio>cor', 'ga<video>x</video>cor', 'ga<svg><text>x</text></svg>cor', 'ga<iframe src="/x"></iframe>cor',
    'ga<template>x</template>cor', 'ga<noscript>x</noscript>cor', 'ga<title>x</title>cor', 'ga<script>x</script>cor', 'ga<style>x</style>cor',
    'ga<kbd>cor</kbd>', 'ga<q>cor</q>', 'ga<rp>cor</rp>', 'ga<ruby>cor</ruby>', 'ga<meter>cor</meter>', 'ga<label>cor</label>', 'ga<bdo dir="rtl">cor</bdo>',
    'ga<br>cor', 'ga<img src="/x.png" alt="slot">cor'].map(wrap),
  'ga<div>cor</div>', '<div>ga</div>cor', '<section><p>gacor</p></section>', 'ga<h1>cor</h1>', 'ga<h4>cor</h4>', '<h2>ga<h3>cor</h3></h2>',
  '<ul><li>ga</li><li>cor</li></ul>', '<ol start="3"><li>slot <strong>ga</strong>cor</li></ol>', '<blockquote><p>to</p>gel</blockquote>',
  '<table><tbody><tr><td>ga</td><td>cor</td></tr></tbody></table>', '<p>a &amp; b &lt;gacor&gt; &quot;x&quot; &#39;y&#39; &nbsp;z</p>',
  '<p>ｇａｃｏｒ ＳＬＯＴ ＭＡＸＷＩＮ</p>',
  // character references as the HTML parser reads them in text and in attribute values
  '<p>&notit; &ampfoo &AMP; &Aacute &aacuteX &frac12 &frac123 &NotEqualTilde; &fopf; &unknown; &; &#; &#x; &copy=1 &amp=1</p>',
  '<p>&#128;&#x9F;&#x81;&#150;&#0;&#xD800;&#1114112;&#x110000;&#x10000000000000061;&#97bc &#x67acor &#0000000000097; &#x0;</p>',
  '<p>g&Gcy;cor &Ggr; &bigoplus; &ThickSpace; &NegativeMediumSpace;&zwnj;&lrm;&rlm; &Tab;x &NewLine;y</p>',
  '<p><a href="https://ev&iacute;l.example/?a=1&copy=2&not">x</a> <a href="https://&#x65;vil.example/">y</a> <a href="h&#x74;tps&colon;//evil&period;example">z</a></p>', '<p>Atase dari \u041c\u043e\u0441\u043a\u0432\u0430 \u03a3\u03bf\u03c6\u03af\u03b1</p>',
];

/** A small seeded generator (mulberry32), so the generated corpus is the same on every run. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = ['slot', 'gacor', 'togel', 'maxwin', 'helikopter', 'latihan', 'Bandar', 'Udara', 'judi', 'online', 'Mi-17', 'Skadron', '31/Serbu', 'prajurit'];
const TRICKY = ['\u200b', '\u200c', '\u200d', '\u2060', '\ufeff', '\u00ad', '&shy;', '&#8203;', '&#x200D;', '\u0301', '\u0303', '\ufe0f', '\u180e',
  '\u202e', '\u202c', '\u2067', '\u2069', '\u200f', '\u00a0', '&nbsp;', '\u3000', '\u2009', ' ', '  ', '\n', '.', '-', '_',
  '\u0430', '\u043e', '\u0435', '\u0441', '\u0455', '\u0456', '\u03bf', '\u03b1', '\u0261', '\u0251', '\uff47', '\uff21', '\u{1d41a}', '\u24d0',
  'é', 'Ö', 'ß', 'İ', 'ı', '&amp;', '&lt;', '&gt;', '&quot;', '&#233;', '&aacute;', '&aacute', '&#x261;', '&#150;', '&Gcy;', '&ZeroWidthSpace;', '&oopf;', '&notin', '¶', '4', '0', '@', '$'];
const INLINE = ['strong', 'em', 'b', 'i', 'u', 's', 'span', 'code', 'mark', 'sub', 'sup', 'small', 'font', 'abbr', 'kbd', 'q'];
const HOSTS = ['evil.example', 'EVIL.example', 'xn--evil-swc.example', 'www.slot88.example', 'ｅｖｉｌ.example', '%65vil.example', 'kodam.mil.id', 'tniad.mil.id'];

/** `count` HTML bodies built from the editor's blocks holding words, tricky characters and inline markup. */
export function generatedHtml(count: number, seed = 42): string[] {
  const next = random(seed);
  const pick = <T,>(list: readonly T[]) => list[Math.floor(next() * list.length)];
  const inline = (depth: number): string => {
    const parts: string[] = [];
    for (let i = 0, n = 1 + Math.floor(next() * 5); i < n; i += 1) {
      const roll = next();
      if (roll < 0.35) parts.push(pick(WORDS));
      else if (roll < 0.6) parts.push(pick(TRICKY));
      else if (roll < 0.65) parts.push('<wbr>');
      else if (roll < 0.7) parts.push(pick(['<!-- -->', '<!---->', '<!-- x -->']));
      else if (roll < 0.74) parts.push('<br>');
      else if (roll < 0.77) parts.push('<img src="/foto.jpg" alt="foto">');
      else if (roll < 0.85) parts.push(`<a href="${next() < 0.5 ? `https://${pick(HOSTS)}/x` : '/berita'}">${pick(WORDS)}</a>`);
      else if (depth < 2) {
        const tag = pick(INLINE);
        parts.push(`<${tag}>${inline(depth + 1)}</${tag}>`);
      } else parts.push(' ');
    }
    return parts.join(next() < 0.5 ? ' ' : '');
  };
  const block = (): string => {
    const roll = next();
    if (roll < 0.45) return `<p>${inline(0)}</p>`;
    if (roll < 0.55) {
      const tag = pick(['h2', 'h3']);
      return `<${tag}>${inline(0)}</${tag}>`;
    }
    if (roll < 0.7) {
      const tag = pick(['ul', 'ol']);
      return `<${tag}>${Array.from({ length: 1 + Math.floor(next() * 3) }, () => `<li>${inline(0)}</li>`).join('')}</${tag}>`;
    }
    if (roll < 0.8) return `<blockquote><p>${inline(0)}</p></blockquote>`;
    if (roll < 0.9) return `<table><tbody><tr><td>${inline(0)}</td><th>${inline(0)}</th></tr></tbody></table>`;
    return `<div>${inline(0)}</div>`;
  };
  return Array.from({ length: count }, () => Array.from({ length: 1 + Math.floor(next() * 3) }, block).join(''));
}
