-- Demo content in Indonesian for a new database (SEED_DEMO=true). No real people are named.
insert into public.articles (title, category, content, created_at) values
(
  'Latihan Terbang Formasi Helikopter MI-17 V5',
  'Latihan',
  '<p>Skadron melaksanakan latihan terbang formasi menggunakan helikopter MI-17 V5 untuk menjaga kesiapan awak pesawat dalam mendukung tugas pokok TNI AD.</p><p>Latihan meliputi terbang formasi, pendaratan taktis, dan prosedur darurat. Seluruh rangkaian kegiatan berjalan aman dan lancar.</p>',
  now() - interval '2 days'
),
(
  'Dukungan Angkutan Udara untuk Penanggulangan Bencana',
  'Operasi',
  '<p>Helikopter MI-17 V5 dikerahkan untuk mendukung distribusi logistik ke daerah terdampak bencana yang sulit dijangkau melalui jalur darat.</p><p>Bantuan berupa bahan makanan, obat-obatan, dan perlengkapan darurat diterima langsung oleh posko setempat.</p>',
  now() - interval '6 days'
),
(
  'Pemeliharaan Berkala Helikopter Serang MI-35P',
  'Pemeliharaan',
  '<p>Personel teknik melaksanakan pemeliharaan berkala pada helikopter MI-35P sesuai jadwal perawatan pabrikan untuk menjamin kelaikan terbang.</p>',
  now() - interval '12 days'
),
(
  'Upacara Peringatan Hari Jadi Penerbangan Angkatan Darat',
  'Kegiatan',
  '<p>Seluruh personel mengikuti upacara peringatan hari jadi Penerbangan Angkatan Darat. Upacara diisi dengan pembacaan amanat dan pemberian penghargaan kepada personel berprestasi.</p>',
  now() - interval '20 days'
),
(
  'Latihan Menembak Udara ke Darat MI-35P',
  'Latihan',
  '<p>Awak helikopter MI-35P melaksanakan latihan menembak udara ke darat di daerah latihan untuk memelihara kemampuan tempur dan ketepatan sasaran.</p>',
  now() - interval '35 days'
);

insert into public.galleries (name, description) values
  ('Latihan Formasi 2026', 'Dokumentasi latihan terbang formasi helikopter skadron.'),
  ('Bakti Sosial', 'Kegiatan bakti sosial personel bersama masyarakat sekitar pangkalan.'),
  ('Pemeliharaan Pesawat', null);
