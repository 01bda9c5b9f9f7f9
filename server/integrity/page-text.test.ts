import { describe, expect, it } from 'vitest';
import { readerText } from '../../src/lib/integrity/reader-text.ts';
import { visibleText } from './page-text.ts';

describe('the text the watch judges on a served page', () => {
  it('joins words across the inline markup the renderer writes, as a browser shows them', () => {
    const page = '<main><p>Kunjungi ga<strong>c\u043er</strong> <a href="https://x.example/" target="_blank" rel="nofollow ugc noopener noreferrer">s</a>lot<em>ga</em>cor '
      + 'max<!-- -->win to<wbr>gel</p></main>';
    expect(readerText(visibleText(page))).toBe('kunjungi gacor slotgacor maxwin togel');
  });

  it('keeps the page\'s own items apart, as they show apart on screen', () => {
    const nav = '<nav><a class="menu" href="/galeri">Foto</a><a class="menu" href="/berita">Gelar</a></nav><p>Foto</p><p>gelar pasukan</p>';
    expect(visibleText(nav)).toBe('Foto Gelar Foto gelar pasukan');
  });
});
