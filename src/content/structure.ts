// Static content of /struktur. Names are placeholders in parentheses: the unit fills in real names.
export type Officer = { position: string; name: string; rank?: string }
export type Section = { name: string; officer: Officer }
export type Flight = { name: string; commander: Officer; sections: string[] }
export type PastCommander = { order: number; name: string; rank: string; period: string; image: string }

export const commandLeadership: { commander: Officer | null; deputy: Officer } = {
  // The commander's post is currently vacant on the site; set it when the unit confirms.
  commander: null,
  deputy: { position: 'Wakil Komandan Skadron', name: '(Nama Wakil Komandan)', rank: 'Mayor Cpn' },
}

export const staffSections: Section[] = [
  { name: 'Seksi Intelijen', officer: { position: 'Pasi Intel', name: '(Nama Perwira)', rank: 'Kapten Cpn' } },
  { name: 'Seksi Operasi dan Latihan', officer: { position: 'Pasi Opslat', name: '(Nama Perwira)', rank: 'Kapten Cpn' } },
  { name: 'Seksi Personel', officer: { position: 'Pasi Pers', name: '(Nama Perwira)', rank: 'Kapten Cpn' } },
  { name: 'Seksi Logistik', officer: { position: 'Pasi Log', name: '(Nama Perwira)', rank: 'Kapten Cpn' } },
  { name: 'Seksi Keselamatan Terbang', officer: { position: 'Pasi Lambang', name: '(Nama Perwira)', rank: 'Kapten Cpn' } },
]

const flightSections = ['Seksi Penerbang', 'Seksi Navigasi Udara', 'Seksi Persenjataan', 'Seksi Teknik Udara']

export const operationalFlights: Flight[] = ['A', 'B', 'C'].map((letter) => ({
  name: `Flight ${letter}`,
  commander: { position: `Komandan Flight ${letter}`, name: '(Nama Komandan Flight)', rank: 'Kapten Cpn' },
  sections: flightSections,
}))

export const serviceFlight: Flight = {
  name: 'Flight Pemeliharaan',
  commander: { position: 'Komandan Flight Pemeliharaan', name: '(Nama Komandan Flight)', rank: 'Kapten Cpn' },
  sections: [
    'Seksi Mesin',
    'Seksi Rangka dan Rotor',
    'Seksi Avionik',
    'Seksi Persenjataan Pesawat',
    'Seksi Perlengkapan Penerbangan',
    'Seksi Bengkel dan Suku Cadang',
  ],
}

export const headquartersCompany = {
  name: 'Kompi Markas',
  note: 'Akan diperbarui',
}

export const pastCommanders: PastCommander[] = Array.from({ length: 13 }, (_, index) => {
  const order = index + 1
  return {
    order,
    name: `(Nama Komandan ke-${order})`,
    rank: 'Letkol Cpn',
    period: '(Tahun Menjabat)',
    image: `/images/commanders/komandan-${String(order).padStart(2, '0')}.webp`,
  }
})
