-- The content of /profil, /struktur and the public-information pages as the site showed it from
-- src/content (issue 25, decision 0023), so a fresh or upgraded installation renders the same
-- pages. Names in parentheses are the unit's placeholders until its staff enter the real ones in
-- 'Halaman Satuan'. The audit log records people's edits, not this installation step.

alter table public.unit_texts disable trigger unit_texts_audit;
alter table public.unit_posts disable trigger unit_posts_audit;
alter table public.past_commanders disable trigger past_commanders_audit;
alter table public.info_pages disable trigger info_pages_audit;

insert into public.unit_texts (key, position, title, body, photo_url, photo_alt) values
('sejarah', 1, 'Sejarah Singkat',
 '<p>Skadron 31/Serbu merupakan satuan pelaksana di bawah Pusat Penerbangan Angkatan Darat (Puspenerbad) yang diberi tugas menyelenggarakan operasi penerbangan serbu dan angkut untuk mendukung satuan-satuan TNI Angkatan Darat.</p>'
 '<p>Sejak dibentuk, Skadron 31/Serbu terus berkembang seiring modernisasi alutsista TNI AD. Kehadiran helikopter angkut MI-17 V5 dan helikopter serang MI-35P menjadikan satuan ini salah satu tulang punggung kekuatan udara Angkatan Darat.</p>'
 '<p>Selain tugas tempur, para prajurit Skadron 31/Serbu juga hadir di tengah masyarakat melalui operasi bantuan kemanusiaan, evakuasi medis, penanggulangan bencana alam, dan dukungan logistik ke daerah terpencil.</p>',
 '/images/profile/sejarah.webp', 'Helikopter Skadron 31/Serbu dalam formasi terbang'),
('visi', 2, 'Visi',
 '<p>Menjadi satuan penerbangan serbu yang profesional, modern, dan andal dalam mendukung tugas pokok TNI Angkatan Darat.</p>', null, null),
('misi', 3, 'Misi',
 '<ol><li><p>Menyiapkan kesiapan operasional pesawat dan personel secara berkelanjutan.</p></li>'
 '<li><p>Menyelenggarakan pembinaan latihan terbang taktis yang terukur dan aman.</p></li>'
 '<li><p>Mendukung operasi darat dengan daya gerak, daya tembak, dan daya angkut udara.</p></li>'
 '<li><p>Melaksanakan operasi militer selain perang, termasuk bantuan kemanusiaan dan penanggulangan bencana.</p></li>'
 '<li><p>Membangun budaya keselamatan terbang dan disiplin prajurit di setiap lini.</p></li></ol>', null, null),
('peran', 4, 'Peran dan Tugas Pokok',
 '<p>Skadron 31/Serbu berperan sebagai unsur bantuan tempur udara Angkatan Darat yang memberikan mobilitas udara, bantuan tembakan udara, dan dukungan logistik bagi satuan manuver di darat.</p>', null, null),
('tugas', 5, 'Tugas Pokok',
 '<ul><li><p>Melaksanakan operasi serbu udara dan angkut pasukan.</p></li>'
 '<li><p>Memberikan bantuan tembakan udara jarak dekat bagi satuan darat.</p></li>'
 '<li><p>Melaksanakan pengintaian dan pengamatan udara.</p></li>'
 '<li><p>Melaksanakan evakuasi medis dan SAR (Search and Rescue).</p></li>'
 '<li><p>Mendukung distribusi logistik ke wilayah yang sulit dijangkau.</p></li>'
 '<li><p>Membantu pemerintah daerah dalam penanggulangan bencana alam.</p></li></ul>', null, null),
('makna_logo', 6, 'Makna Logo',
 '<ol><li><p><strong>Perisai</strong></p><p>Melambangkan kesiapan satuan untuk melindungi bangsa dan negara.</p></li>'
 '<li><p><strong>Bilah Rotor</strong></p><p>Melambangkan helikopter sebagai alat utama satuan yang selalu siap terbang.</p></li>'
 '<li><p><strong>Angka 31</strong></p><p>Menunjukkan identitas Skadron 31 di jajaran Puspenerbad.</p></li>'
 '<li><p><strong>Sayap</strong></p><p>Melambangkan matra penerbangan Angkatan Darat yang menjangkau seluruh penjuru Nusantara.</p></li>'
 '<li><p><strong>Warna Hijau</strong></p><p>Melambangkan jati diri prajurit TNI Angkatan Darat yang lahir dari rakyat.</p></li>'
 '<li><p><strong>Warna Emas</strong></p><p>Melambangkan kejayaan, keluhuran, dan semangat pengabdian tanpa pamrih.</p></li>'
 '<li><p><strong>Semboyan Serbu</strong></p><p>Melambangkan semangat pantang mundur dalam setiap penugasan.</p></li></ol>', null, null),
('penutup', 7, 'Penutup',
 '<p>Dengan kekuatan 14 helikopter dan prajurit yang terlatih, Skadron 31/Serbu berkomitmen menjadi satuan penerbangan yang siap setiap saat: siap bertempur, siap membantu rakyat, dan siap menjaga kedaulatan Negara Kesatuan Republik Indonesia.</p>', null, null);

insert into public.unit_posts (kind, position, name, officer_title, officer_rank, officer_name, sections, note) values
('pimpinan', 1, 'Komandan Skadron', 'Komandan Skadron', null, null, '{}', null),
('pimpinan', 2, 'Wakil Komandan Skadron', 'Wakil Komandan Skadron', 'Mayor Cpn', '(Nama Wakil Komandan)', '{}', null),
('staf', 1, 'Seksi Intelijen', 'Pasi Intel', 'Kapten Cpn', '(Nama Perwira)', '{}', null),
('staf', 2, 'Seksi Operasi dan Latihan', 'Pasi Opslat', 'Kapten Cpn', '(Nama Perwira)', '{}', null),
('staf', 3, 'Seksi Personel', 'Pasi Pers', 'Kapten Cpn', '(Nama Perwira)', '{}', null),
('staf', 4, 'Seksi Logistik', 'Pasi Log', 'Kapten Cpn', '(Nama Perwira)', '{}', null),
('staf', 5, 'Seksi Keselamatan Terbang', 'Pasi Lambang', 'Kapten Cpn', '(Nama Perwira)', '{}', null),
('flight_operasional', 1, 'Flight A', 'Komandan Flight A', 'Kapten Cpn', '(Nama Komandan Flight)',
 '{"Seksi Penerbang","Seksi Navigasi Udara","Seksi Persenjataan","Seksi Teknik Udara"}', null),
('flight_operasional', 2, 'Flight B', 'Komandan Flight B', 'Kapten Cpn', '(Nama Komandan Flight)',
 '{"Seksi Penerbang","Seksi Navigasi Udara","Seksi Persenjataan","Seksi Teknik Udara"}', null),
('flight_operasional', 3, 'Flight C', 'Komandan Flight C', 'Kapten Cpn', '(Nama Komandan Flight)',
 '{"Seksi Penerbang","Seksi Navigasi Udara","Seksi Persenjataan","Seksi Teknik Udara"}', null),
('flight_pemeliharaan', 1, 'Flight Pemeliharaan', 'Komandan Flight Pemeliharaan', 'Kapten Cpn', '(Nama Komandan Flight)',
 '{"Seksi Mesin","Seksi Rangka dan Rotor","Seksi Avionik","Seksi Persenjataan Pesawat","Seksi Perlengkapan Penerbangan","Seksi Bengkel dan Suku Cadang"}', null),
('kompi_markas', 1, 'Kompi Markas', null, null, null, '{}', 'Akan diperbarui');

insert into public.past_commanders (ordinal, rank, name, period, photo_url)
select n, 'Letkol Cpn', format('(Nama Komandan ke-%s)', n), '(Tahun Menjabat)',
  format('/images/commanders/komandan-%s.webp', lpad(n::text, 2, '0'))
from generate_series(1, 13) as n;

insert into public.info_pages (slug, title, description, body) values
('kebijakan-privasi', 'Kebijakan Privasi',
 'Cara Skadron 31/Serbu mengumpulkan, menggunakan, menyimpan, dan melindungi data pribadi pengunjung situs sesuai UU Nomor 27 Tahun 2022.',
 '<p>Skadron 31/Serbu menghormati privasi setiap pengunjung situs ini. Kebijakan ini menjelaskan data pribadi apa yang kami kumpulkan, untuk apa data itu digunakan, berapa lama disimpan, dan hak Anda sebagai subjek data pribadi sebagaimana diatur dalam Undang-Undang Nomor 27 Tahun 2022 tentang Pelindungan Data Pribadi.</p>'
 '<h2>Data yang kami kumpulkan</h2>'
 '<ul><li><p><strong>Formulir kontak</strong>: nama, alamat email, subjek, dan isi pesan yang Anda kirimkan, beserta alamat IP dan waktu pengiriman untuk mencegah penyalahgunaan.</p></li>'
 '<li><p><strong>Akun personel</strong>: nama lengkap, nama pengguna, alamat email, nomor telepon, dan foto profil personel yang mendaftar ke portal personel.</p></li>'
 '<li><p><strong>Catatan teknis</strong>: catatan akses server (alamat IP, waktu, halaman yang diminta, dan jenis peramban) yang diperlukan untuk keamanan dan keandalan layanan.</p></li></ul>'
 '<p>Situs ini tidak memasang kuki pelacak, tidak menggunakan layanan analitik pihak ketiga, dan tidak memuat skrip iklan. Kuki atau penyimpanan peramban hanya dipakai untuk menjaga sesi personel yang masuk ke portal.</p>'
 '<h2>Tujuan penggunaan</h2>'
 '<p>Data digunakan hanya untuk menanggapi pesan Anda, mengelola akun personel, serta menjaga keamanan situs. Kami tidak menjual, menyewakan, atau membagikan data pribadi kepada pihak lain, kecuali jika diwajibkan oleh peraturan perundang-undangan.</p>'
 '<h2>Penyimpanan dan pengamanan</h2>'
 '<p>Data disimpan pada server yang dikelola satuan dengan akses terbatas bagi petugas yang berwenang. Pesan kontak disimpan selama diperlukan untuk menindaklanjutinya, dan catatan teknis disimpan paling lama 90 hari, kecuali diperlukan untuk penanganan insiden keamanan.</p>'
 '<h2>Hak Anda</h2>'
 '<p>Sesuai UU Nomor 27 Tahun 2022, Anda berhak memperoleh informasi tentang pemrosesan data pribadi Anda, meminta salinan, memperbaiki data yang tidak akurat, meminta penghapusan, serta menarik kembali persetujuan. Ajukan permintaan melalui email <a href="mailto:info@skadron31serbu.mil.id">info@skadron31serbu.mil.id</a> atau halaman Kontak; kami menanggapi paling lambat 3 x 24 jam sejak permintaan diterima.</p>'
 '<h2>Perubahan kebijakan</h2>'
 '<p>Kebijakan ini dapat diperbarui sewaktu-waktu. Perubahan berlaku sejak diterbitkan di halaman ini.</p>'),
('aksesibilitas', 'Pernyataan Aksesibilitas',
 'Komitmen Skadron 31/Serbu agar situsnya dapat digunakan semua orang, termasuk penyandang disabilitas, dengan acuan WCAG 2.1 tingkat AA.',
 '<p>Skadron 31/Serbu berkomitmen agar situs ini dapat digunakan oleh semua orang, termasuk penyandang disabilitas, sejalan dengan Undang-Undang Nomor 8 Tahun 2016 tentang Penyandang Disabilitas. Acuan kami adalah Pedoman Aksesibilitas Konten Web (WCAG) 2.1 tingkat AA.</p>'
 '<h2>Yang sudah kami lakukan</h2>'
 '<ul><li><p>Seluruh halaman dapat dioperasikan dengan papan ketik dan menampilkan penanda fokus yang jelas.</p></li>'
 '<li><p>Gambar bermakna diberi teks alternatif, dan setiap halaman memiliki struktur judul yang berurutan.</p></li>'
 '<li><p>Kontras warna teks memenuhi rasio minimum 4,5:1.</p></li>'
 '<li><p>Halaman tetap terbaca ketika teks diperbesar hingga 200 persen dan pada layar ponsel selebar 320 piksel.</p></li>'
 '<li><p>Menu dan formulir kontak tetap berfungsi meskipun JavaScript belum dimuat.</p></li>'
 '<li><p>Animasi dikurangi bagi pengguna yang memilih pengaturan gerakan minimal di perangkatnya.</p></li></ul>'
 '<p>Setiap perubahan situs diuji secara otomatis dengan axe serta diperiksa secara manual dengan pembaca layar.</p>'
 '<h2>Keterbatasan yang diketahui</h2>'
 '<p>Sebagian foto dokumentasi lama belum memiliki keterangan yang lengkap, dan video yang ditautkan ke kanal berbagi video belum seluruhnya memiliki teks terjemahan. Kami melengkapinya secara bertahap.</p>'
 '<h2>Sampaikan kendala</h2>'
 '<p>Jika Anda menemui bagian situs yang sulit diakses, beri tahu kami melalui email <a href="mailto:info@skadron31serbu.mil.id">info@skadron31serbu.mil.id</a> atau telepon (024) 760 0031 pada jam kerja. Sebutkan alamat halaman dan kendala yang dialami; kami menanggapi paling lambat 5 hari kerja.</p>'),
('informasi-publik', 'Informasi Publik (PPID)',
 'Layanan informasi publik Skadron 31/Serbu sesuai UU Nomor 14 Tahun 2008: jenis informasi, cara mengajukan permohonan, dan keberatan.',
 '<p>Sesuai Undang-Undang Nomor 14 Tahun 2008 tentang Keterbukaan Informasi Publik, setiap orang berhak memperoleh informasi publik. Layanan informasi publik Skadron 31/Serbu diselenggarakan oleh Pejabat Pengelola Informasi dan Dokumentasi (PPID) pelaksana di lingkungan Pusat Penerbangan Angkatan Darat, dengan tetap menjaga informasi yang dikecualikan demi pertahanan dan keamanan negara.</p>'
 '<h2>Jenis informasi</h2>'
 '<ul><li><p><strong>Informasi yang wajib diumumkan secara berkala</strong>: profil satuan, struktur organisasi, berita kegiatan, dan laporan layanan informasi publik.</p></li>'
 '<li><p><strong>Informasi yang wajib tersedia setiap saat</strong>: daftar informasi publik, kebijakan pelayanan, dan prosedur permohonan informasi.</p></li>'
 '<li><p><strong>Informasi yang wajib diumumkan serta-merta</strong>: informasi yang menyangkut keselamatan masyarakat, misalnya dukungan satuan dalam penanggulangan bencana.</p></li>'
 '<li><p><strong>Informasi yang dikecualikan</strong>: informasi yang dapat membahayakan pertahanan dan keamanan negara sebagaimana diatur dalam Pasal 17 UU Nomor 14 Tahun 2008, antara lain rencana operasi, kekuatan dan gelar satuan, serta data pribadi prajurit.</p></li></ul>'
 '<h2>Cara mengajukan permohonan</h2>'
 '<ol><li><p>Kirim permohonan melalui email <a href="mailto:info@skadron31serbu.mil.id">info@skadron31serbu.mil.id</a>, halaman Kontak, atau datang langsung ke Lanumad Ahmad Yani, Semarang, pada jam layanan Senin sampai Jumat pukul 07.00 sampai 15.30 WIB.</p></li>'
 '<li><p>Cantumkan nama, alamat, nomor telepon atau email, rincian informasi yang dibutuhkan, dan tujuan penggunaannya, disertai salinan kartu identitas.</p></li>'
 '<li><p>Kami memberikan tanggapan tertulis paling lambat 10 hari kerja sejak permohonan diterima, dan dapat diperpanjang paling lama 7 hari kerja dengan pemberitahuan.</p></li>'
 '<li><p>Layanan informasi tidak dipungut biaya; biaya penggandaan dokumen, bila ada, ditanggung pemohon.</p></li></ol>'
 '<h2>Keberatan dan sengketa</h2>'
 '<p>Jika permohonan ditolak, tidak ditanggapi, atau tanggapannya tidak sesuai, Anda dapat mengajukan keberatan tertulis kepada atasan PPID paling lambat 30 hari kerja setelah tanggapan diterima atau batas waktu berakhir. Keberatan ditanggapi paling lambat 30 hari kerja. Bila masih belum puas, Anda dapat mengajukan penyelesaian sengketa ke Komisi Informasi Pusat.</p>');

alter table public.unit_texts enable trigger unit_texts_audit;
alter table public.unit_posts enable trigger unit_posts_audit;
alter table public.past_commanders enable trigger past_commanders_audit;
alter table public.info_pages enable trigger info_pages_audit;
