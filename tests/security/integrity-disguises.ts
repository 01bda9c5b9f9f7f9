/**
 * Issue 42: disguised gambling spam, one list per class of disguise, and the innocent texts a unit
 * writes every day. Each entry is an article's fields as an attacker or an editor would save them.
 */
export type Fields = { title: string; content: string; category?: string };

const body = (html: string): Fields => ({ title: 'Info kegiatan', content: `<p>Kunjungi ${html} sekarang.</p>` });

export const DISGUISES: Record<string, Fields[]> = {
  'zero-width and other format characters inside a word': [
    body('ga\u200bcor'), body('ga\u200ccor'), body('to\u200dgel'), body('max\u2060win'), body('ga\ufeffcor'), body('ga\u180ecor'),
    { title: 'Situs ga\u200bcor', content: '<p>Berita.</p>' },
  ],
  'soft hyphens, written or as references': [body('ga\u00adcor'), body('ga&shy;cor'), body('ga&#173;cor'), body('to&#xAD;gel')],
  'look-alike letters of other scripts': [body('g\u0430\u0441\u043er'), body('t\u043eg\u0435l'), body('gac\u03bfr'), body('\u0261acor'), body('m\u0430xwin')],
  'full-width and other compatibility forms': [body('\uff47\uff41\uff43\uff4f\uff52'), body('\ud835\udc20\ud835\udc1a\ud835\udc1c\ud835\udc28\ud835\udc2b'), body('\u24d6\u24d0\u24d2\u24de\u24e1')],
  'accents and other marks that only decorate': [body('g\u00e1cor'), body('t\u014dgel'), body('ga\u0303cor'), body('g\ufe0facor'), body('m\u0101xw\u012bn')],
  'brand spellings glued to words or digits': [body('SLOTGACOR'), body('TOGEL4D'), body('situsgacor88'), body('maxwinhariini')],
  'letters spaced or separated by punctuation': [body('g a c o r'), body('g.a.c.o.r'), body('t-o-g-e-l'), body('m . a . x . w . i . n'), body('G_A_C_O_R')],
  'a word split by <wbr> or an empty comment': [body('ga<wbr>cor'), body('to<wbr/>gel'), body('ga<!-- -->cor'), body('max<!---->win')],
  'letters written as named or numeric character references': [
    body('g&aacute;cor'), body('g&aacutecor'), body('&#x261;acor'), body('t&ouml;gel'), body('&gscr;acor'), body('gac&oopf;r'),
    body('m&#x430;xwin'), body('ga&ZeroWidthSpace;cor'), body('g&#97;cor'), body('s&#x6C;ot&#X67;acor'),
  ],
  'a right-to-left override showing reversed text': [body('\u202erocag\u202c'), body('\u2067legot\u2069')],
};

export const INNOCENT: Fields[] = [
  { title: 'Tiba di Bandar Udara Radin Inten II', content: '<p>Helikopter mendarat di Bandar Udara Radin Inten II, Bandar Lampung.</p>' },
  { title: 'Slot waktu pendaratan', content: '<p>Menara memberi slot pendaratan pukul 14.00 untuk helikopter Mi-17.</p>' },
  { title: 'Sosialisasi bahaya judi online', content: '<p>Skadron menggelar sosialisasi bahaya judi online bagi prajurit dan keluarga.</p>' },
  { title: 'Foto gelar pasukan', content: '<p>Foto gelar pasukan dan apel kesiapan di lapangan hanggar.</p>' },
  { title: 'Kafé prajurit dibuka', content: '<p>Kafé koperasi melayani prajurit; menu café latte tersedia.</p>' },
  { title: 'Kunjungan atase dari Rusia', content: '<p>Atase pertahanan dari \u041c\u043e\u0441\u043a\u0432\u0430 meninjau hanggar helikopter Mi-17.</p>' },
  { title: 'Latihan A B C', content: '<p>Tim A, B, dan C bergantian; kode r o g e r dipakai pada radio.</p>' },
];
