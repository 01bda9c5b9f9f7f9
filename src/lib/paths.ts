// Every URL of the site in one place, so links and routes cannot drift apart.
export const paths = {
  home: '/',
  profile: '/profil',
  structure: '/struktur',
  activities: '/kegiatan',
  contact: '/kontak',
  login: '/login',
  article: (id: string) => `/berita/${encodeURIComponent(id)}`,
  articlePattern: '/berita/:id',
  galleries: '/galeri',
  gallery: (id: string) => `/galeri/${encodeURIComponent(id)}`,
  galleryPattern: '/galeri/:id',
  // the public-information pages: each path is its info_pages slug
  privacy: '/kebijakan-privasi',
  accessibility: '/aksesibilitas',
  publicInformation: '/informasi-publik',
  // what an old or withdrawn document link shows a browser (the storage gateway answers with it)
  documentGone: '/informasi-publik/dokumen-tidak-tersedia',
  // the same page where the browser opened the file's address, so hydration draws what the server did
  documentFilePattern: '/storage/v1/object/authenticated/documents/*',
  admin: {
    root: '/admin',
    dashboard: '/admin/dashboard',
    users: '/admin/users',
    content: '/admin/content',
    gallery: '/admin/gallery',
    inbox: '/admin/pesan',
    auditLog: '/admin/riwayat',
    unitPages: '/admin/halaman-satuan',
    documents: '/admin/dokumen',
    integrity: '/admin/integritas',
    stats: '/admin/statistik',
    myAccount: '/admin/my-account',
    myAccountTab: (tab: 'profile' | 'security' | 'settings' | 'notifications') =>
      `/admin/my-account?tab=${tab}`,
  },
} as const
