/** The same rows, with fixed ids and timestamps, for our server and for real PostgREST. */
export const IDS = {
  superadmin: '00000000-0000-4000-8000-000000000001',
  admin: '00000000-0000-4000-8000-000000000002',
  user: '00000000-0000-4000-8000-000000000003',
  pending: '00000000-0000-4000-8000-000000000004',
  article: (n: number) => `10000000-0000-4000-8000-00000000000${n}`,
  gallery: (n: number) => `20000000-0000-4000-8000-00000000000${n}`,
};

const users: [keyof typeof IDS, string, string, string, string][] = [
  ['superadmin', 'Siti Superadmin', 'siti', 'superadmin', 'approved'],
  ['admin', 'Adi Admin', 'adi', 'admin', 'approved'],
  ['user', 'Umar Pengguna', 'umar', 'user', 'approved'],
  ['pending', 'Putri Menunggu', 'putri', 'user', 'pending'],
];

/** Triggers are switched off (replica role) so timestamps stay exactly as written here. */
export const FIXTURE_SQL = `
set session_replication_role = replica;
${users.map(([key, name, username, role, status], i) => `
insert into auth.users (id, email, raw_user_meta_data, created_at, updated_at)
  values ('${IDS[key] as string}', '${username}@contoh.id', '{"full_name":"${name}"}', '2024-01-0${i + 1} 08:00:00+00', '2024-01-0${i + 1} 08:00:00+00');
insert into public.profiles (id, full_name, username, phone_number, email, role, status, created_at, updated_at)
  values ('${IDS[key] as string}', '${name}', '${username}', '+6281234567${i}0', '${username}@contoh.id', '${role}', '${status}',
          '2024-01-0${i + 1} 08:00:00.12345${i}+00', '2024-01-0${i + 1} 09:30:00+00');`).join('\n')}
insert into public.articles (id, title, category, content, cover_image_url, image_gallery_urls, author_id, created_at, updated_at) values
  ('${IDS.article(1)}', 'Latihan terbang malam', 'Latihan', '<p>Latihan rutin.</p>', 'https://contoh.id/a.jpg', '{https://contoh.id/g1.jpg,https://contoh.id/g2.jpg}', '${IDS.admin}', '2024-05-01 10:00:00.123456+00', '2024-05-01 10:00:00.123456+00'),
  ('${IDS.article(2)}', 'Bakti sosial', 'Sosial', '<p>Warga sekitar.</p>', null, '{}', '${IDS.superadmin}', '2024-05-02 11:30:00+00', '2024-05-03 11:30:00+00'),
  ('${IDS.article(3)}', 'Upacara HUT', null, '<p>Upacara.</p>', null, '{}', null, '2024-05-03 07:15:30.5+00', '2024-05-03 07:15:30.5+00'),
  ('${IDS.article(4)}', 'Kunjungan "Pers", 100%', 'Berita', '<p>Media, pers & tamu.</p>', null, '{}', '${IDS.admin}', '2024-04-20 09:00:00+00', '2024-04-20 09:00:00+00'),
  ('${IDS.article(5)}', 'Latihan SAR gabungan', 'Latihan', '<p>SAR.</p>', null, '{}', '${IDS.superadmin}', '2024-03-10 06:00:00+00', '2024-03-10 06:00:00+00');
-- Both databases must hold the same instant, not each its own now().
update public.articles set published_at = created_at;
insert into public.galleries (id, name, description, created_at, updated_at) values
  ('${IDS.gallery(1)}', 'Galeri HUT', 'Foto upacara', '2024-05-04 10:00:00+00', '2024-05-04 10:00:00+00'),
  ('${IDS.gallery(2)}', 'Galeri Latihan', null, '2024-05-05 10:00:00+00', '2024-05-05 10:00:00+00');
set session_replication_role = origin;
`;
