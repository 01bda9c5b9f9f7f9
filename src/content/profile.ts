// /profil's equipment section: the fleet is part of the site's pictures (public/images/equipment)
// and of its page description. The unit's texts are data (unit_texts, edited in Halaman Satuan).
import type { ResponsiveImage } from './home'

export type HelicopterType = {
  name: string
  count: number
  role: string
  description: string
  images: (ResponsiveImage & { alt: string })[]
}

const equipmentImage = (file: string, alt: string) => ({ src: `/images/equipment/${file}`, width: 800, height: 500, alt })

export const helicopters: HelicopterType[] = [
  {
    name: 'MI-17 V5',
    count: 9,
    role: 'Helikopter Angkut Serbaguna',
    description:
      'Helikopter angkut sedang bermesin ganda yang mampu membawa pasukan bersenjata lengkap, kargo, maupun pasien evakuasi medis. Kabin luas dan pintu rampa belakang membuatnya andal untuk operasi serbu udara, dukungan logistik, dan misi kemanusiaan di medan berat.',
    images: [
      equipmentImage('mi17-v5-1.webp', 'Helikopter MI-17 V5 terbang rendah di atas perbukitan'),
      equipmentImage('mi17-v5-2.webp', 'Helikopter MI-17 V5 saat misi angkut pasukan'),
    ],
  },
  {
    name: 'MI-35P',
    count: 5,
    role: 'Helikopter Serang',
    description:
      'Helikopter serang berlapis baja yang dirancang untuk bantuan tembakan udara jarak dekat. Dilengkapi sistem senjata terpadu dan kabin angkut kecil, MI-35P memberikan daya pukul dan perlindungan bagi satuan darat dalam operasi tempur.',
    images: [
      equipmentImage('mi35p-1.webp', 'Helikopter serang MI-35P dengan persenjataan lengkap'),
      equipmentImage('mi35p-2.webp', 'Helikopter serang MI-35P saat latihan menembak udara'),
    ],
  },
]

export const totalHelicopters = helicopters.reduce((sum, type) => sum + type.count, 0)
