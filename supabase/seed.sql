-- Demo content in Indonesian for a new database (SEED_DEMO=true). No real people are named.
-- Each report was drafted before it went out and carries its own publication time (WIB); one was
-- corrected after publication, so it shows 'Diperbarui'. The trigger that stamps updated_at with
-- now() is paused for these rows only, so the demo's history reads as it would have happened.
alter table public.articles disable trigger articles_set_updated_at;
insert into public.articles (title, category, content, created_at, published_at, updated_at) values
(
  'Latihan Terbang Formasi Helikopter MI-17 V5',
  'Latihan',
  '<p>Skadron melaksanakan latihan terbang formasi menggunakan helikopter MI-17 V5 untuk menjaga kesiapan awak pesawat dalam mendukung tugas pokok TNI AD.</p><p>Latihan meliputi terbang formasi, pendaratan taktis, dan prosedur darurat. Seluruh rangkaian kegiatan berjalan aman dan lancar.</p>',
  (date_trunc('day', now() at time zone 'Asia/Jakarta') - interval '3 days' + interval '07:45') at time zone 'Asia/Jakarta',
  (date_trunc('day', now() at time zone 'Asia/Jakarta') - interval '2 days' + interval '08:30') at time zone 'Asia/Jakarta',
  (date_trunc('day', now() at time zone 'Asia/Jakarta') - interval '2 days' + interval '08:30') at time zone 'Asia/Jakarta'
),
(
  'Dukungan Angkutan Udara untuk Penanggulangan Bencana',
  'Operasi',
  '<p>Helikopter MI-17 V5 dikerahkan untuk mendukung distribusi logistik ke daerah terdampak bencana yang sulit dijangkau melalui jalur darat.</p><p>Bantuan berupa bahan makanan, obat-obatan, dan perlengkapan darurat diterima langsung oleh posko setempat.</p>',
  (date_trunc('day', now() at time zone 'Asia/Jakarta') - interval '6 days' + interval '07:45') at time zone 'Asia/Jakarta',
  (date_trunc('day', now() at time zone 'Asia/Jakarta') - interval '6 days' + interval '14:10') at time zone 'Asia/Jakarta',
  (date_trunc('day', now() at time zone 'Asia/Jakarta') - interval '5 days' + interval '10:45') at time zone 'Asia/Jakarta'
),
(
  'Pemeliharaan Berkala Helikopter Serang MI-35P',
  'Pemeliharaan',
  '<p>Personel teknik melaksanakan pemeliharaan berkala pada helikopter MI-35P sesuai jadwal perawatan pabrikan untuk menjamin kelaikan terbang.</p>',
  (date_trunc('day', now() at time zone 'Asia/Jakarta') - interval '14 days' + interval '07:45') at time zone 'Asia/Jakarta',
  (date_trunc('day', now() at time zone 'Asia/Jakarta') - interval '12 days' + interval '10:00') at time zone 'Asia/Jakarta',
  (date_trunc('day', now() at time zone 'Asia/Jakarta') - interval '12 days' + interval '10:00') at time zone 'Asia/Jakarta'
),
(
  'Upacara Peringatan Hari Jadi Penerbangan Angkatan Darat',
  'Kegiatan',
  '<p>Seluruh personel mengikuti upacara peringatan hari jadi Penerbangan Angkatan Darat. Upacara diisi dengan pembacaan amanat dan pemberian penghargaan kepada personel berprestasi.</p>',
  (date_trunc('day', now() at time zone 'Asia/Jakarta') - interval '21 days' + interval '07:45') at time zone 'Asia/Jakarta',
  (date_trunc('day', now() at time zone 'Asia/Jakarta') - interval '20 days' + interval '09:00') at time zone 'Asia/Jakarta',
  (date_trunc('day', now() at time zone 'Asia/Jakarta') - interval '20 days' + interval '09:00') at time zone 'Asia/Jakarta'
),
(
  'Latihan Menembak Udara ke Darat MI-35P',
  'Latihan',
  '<p>Awak helikopter MI-35P melaksanakan latihan menembak udara ke darat di daerah latihan untuk memelihara kemampuan tempur dan ketepatan sasaran.</p>',
  (date_trunc('day', now() at time zone 'Asia/Jakarta') - interval '36 days' + interval '07:45') at time zone 'Asia/Jakarta',
  (date_trunc('day', now() at time zone 'Asia/Jakarta') - interval '35 days' + interval '15:20') at time zone 'Asia/Jakarta',
  (date_trunc('day', now() at time zone 'Asia/Jakarta') - interval '35 days' + interval '15:20') at time zone 'Asia/Jakarta'
);;
alter table public.articles enable trigger articles_set_updated_at;

insert into public.galleries (name, description) values
  ('Latihan Formasi 2026', 'Dokumentasi latihan terbang formasi helikopter skadron.'),
  ('Bakti Sosial', 'Kegiatan bakti sosial personel bersama masyarakat sekitar pangkalan.'),
  ('Pemeliharaan Pesawat', null);
