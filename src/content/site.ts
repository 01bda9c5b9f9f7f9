// Everything the unit may want to edit about itself lives here, in one place.
// Values marked PLACEHOLDER must be replaced by the unit's information officer.
export const site = {
  name: 'Skadron 31/Serbu',
  shortName: 'SKD 31',
  parent: 'Pusat Penerbangan Angkatan Darat (Puspenerbad)',
  parentShort: 'Puspenerbad',
  // PLACEHOLDER: the unit's official motto.
  motto: 'Cepat, Tepat, Tuntas di Setiap Medan',
  description:
    'Situs resmi Skadron 31/Serbu, satuan helikopter serbu bagian dari Pusat Penerbangan Angkatan Darat (Puspenerbad).',
  footerBlurb:
    'Situs resmi Skadron 31/Serbu, bagian dari Pusat Penerbangan Angkatan Darat (Puspenerbad). Mengudara untuk menjaga kedaulatan dan membantu sesama.',
  designCredit: 'Dirancang dan dikembangkan oleh Tim Penerangan Skadron 31/Serbu.',
  social: {
    // PLACEHOLDER: the unit's official accounts.
    instagram: { label: 'Instagram', url: 'https://www.instagram.com/skadron31serbu/' },
    youtube: { label: 'YouTube', url: 'https://www.youtube.com/@skadron31serbu' },
  },
  contact: {
    // PLACEHOLDER address, phone numbers, e-mail and coordinates: replace with the official ones.
    address: 'Lanumad Ahmad Yani, Jl. Puad A. Yani, Semarang, Jawa Tengah',
    phone: '(024) 760 0031',
    phoneHref: 'tel:+62247600031',
    email: 'info@skadron31serbu.mil.id',
    hours: 'Senin - Jumat: 07:00 - 15:30 WIB',
    emergencyPhone: '(024) 760 0311',
    emergencyPhoneHref: 'tel:+62247600311',
    coordinates: { lat: -6.9769, lng: 110.3773 },
  },
} as const
