// Static content of /profil. The unit edits the texts here; pictures live in public/images.
import type { ResponsiveImage } from './home'

export type HelicopterType = {
  name: string
  count: number
  role: string
  description: string
  images: (ResponsiveImage & { alt: string })[]
}

export const history = {
  title: 'Sejarah Singkat',
  image: { src: '/images/profile/sejarah.webp', width: 800, height: 600, alt: 'Helikopter Skadron 31/Serbu dalam formasi terbang' },
  paragraphs: [
    'Skadron 31/Serbu merupakan satuan pelaksana di bawah Pusat Penerbangan Angkatan Darat (Puspenerbad) yang diberi tugas menyelenggarakan operasi penerbangan serbu dan angkut untuk mendukung satuan-satuan TNI Angkatan Darat.',
    'Sejak dibentuk, Skadron 31/Serbu terus berkembang seiring modernisasi alutsista TNI AD. Kehadiran helikopter angkut MI-17 V5 dan helikopter serang MI-35P menjadikan satuan ini salah satu tulang punggung kekuatan udara Angkatan Darat.',
    'Selain tugas tempur, para prajurit Skadron 31/Serbu juga hadir di tengah masyarakat melalui operasi bantuan kemanusiaan, evakuasi medis, penanggulangan bencana alam, dan dukungan logistik ke daerah terpencil.',
  ],
}

export const visionMission = {
  vision:
    'Menjadi satuan penerbangan serbu yang profesional, modern, dan andal dalam mendukung tugas pokok TNI Angkatan Darat.',
  missions: [
    'Menyiapkan kesiapan operasional pesawat dan personel secara berkelanjutan.',
    'Menyelenggarakan pembinaan latihan terbang taktis yang terukur dan aman.',
    'Mendukung operasi darat dengan daya gerak, daya tembak, dan daya angkut udara.',
    'Melaksanakan operasi militer selain perang, termasuk bantuan kemanusiaan dan penanggulangan bencana.',
    'Membangun budaya keselamatan terbang dan disiplin prajurit di setiap lini.',
  ],
}

export const rolesAndTasks = {
  role:
    'Skadron 31/Serbu berperan sebagai unsur bantuan tempur udara Angkatan Darat yang memberikan mobilitas udara, bantuan tembakan udara, dan dukungan logistik bagi satuan manuver di darat.',
  tasks: [
    'Melaksanakan operasi serbu udara dan angkut pasukan.',
    'Memberikan bantuan tembakan udara jarak dekat bagi satuan darat.',
    'Melaksanakan pengintaian dan pengamatan udara.',
    'Melaksanakan evakuasi medis dan SAR (Search and Rescue).',
    'Mendukung distribusi logistik ke wilayah yang sulit dijangkau.',
    'Membantu pemerintah daerah dalam penanggulangan bencana alam.',
  ],
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

export const logoMeaning = [
  { title: 'Perisai', meaning: 'Melambangkan kesiapan satuan untuk melindungi bangsa dan negara.' },
  { title: 'Bilah Rotor', meaning: 'Melambangkan helikopter sebagai alat utama satuan yang selalu siap terbang.' },
  { title: 'Angka 31', meaning: 'Menunjukkan identitas Skadron 31 di jajaran Puspenerbad.' },
  { title: 'Sayap', meaning: 'Melambangkan matra penerbangan Angkatan Darat yang menjangkau seluruh penjuru Nusantara.' },
  { title: 'Warna Hijau', meaning: 'Melambangkan jati diri prajurit TNI Angkatan Darat yang lahir dari rakyat.' },
  { title: 'Warna Emas', meaning: 'Melambangkan kejayaan, keluhuran, dan semangat pengabdian tanpa pamrih.' },
  { title: 'Semboyan Serbu', meaning: 'Melambangkan semangat pantang mundur dalam setiap penugasan.' },
]

export const conclusion =
  'Dengan kekuatan 14 helikopter dan prajurit yang terlatih, Skadron 31/Serbu berkomitmen menjadi satuan penerbangan yang siap setiap saat: siap bertempur, siap membantu rakyat, dan siap menjaga kedaulatan Negara Kesatuan Republik Indonesia.'
