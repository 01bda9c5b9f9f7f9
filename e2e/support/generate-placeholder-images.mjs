// Draws the placeholder photos in public/images with the system Chromium's canvas (WebP/JPEG/PNG
// encoders, no image library needed). Run: node e2e/support/generate-placeholder-images.mjs
// The unit replaces these files with real photos of the same name and size (public/images/README.md).
import { mkdir, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium } from '@playwright/test'

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'public', 'images')

const scenes = [
  // hero: 16:9, two widths for srcset
  ...[
    ['hero/hero-mi35p', 'mi35', 'MI-35P HIND', 0],
    ['hero/hero-mi17', 'mi17', 'MI-17 V5 HIEP', 1],
    ['hero/hero-formasi', 'formation', 'FORMASI', 2],
  ].flatMap(([name, kind, label, palette]) => [
    { file: `${name}-1600.webp`, w: 1600, h: 900, kind, label, palette },
    { file: `${name}-800.webp`, w: 800, h: 450, kind, label, palette },
  ]),
  ...[1, 2, 3, 4, 5].map((n) => ({ file: `persit/persit-${n}.webp`, w: 800, h: 600, kind: 'people', label: `PERSIT ${n}`, palette: n + 2 })),
  { file: 'equipment/mi17-v5-1.webp', w: 800, h: 500, kind: 'mi17', label: 'MI-17 V5', palette: 1 },
  { file: 'equipment/mi17-v5-2.webp', w: 800, h: 500, kind: 'mi17', label: 'MI-17 V5', palette: 5 },
  { file: 'equipment/mi35p-1.webp', w: 800, h: 500, kind: 'mi35', label: 'MI-35P', palette: 0 },
  { file: 'equipment/mi35p-2.webp', w: 800, h: 500, kind: 'mi35', label: 'MI-35P', palette: 4 },
  { file: 'profile/sejarah.webp', w: 800, h: 600, kind: 'formation', label: 'SEJARAH', palette: 3 },
  { file: 'articles/default-cover.webp', w: 800, h: 450, kind: 'mi17', label: 'BERITA', palette: 2 },
  { file: 'articles/default-og.jpg', w: 1200, h: 630, kind: 'formation', label: 'SKADRON 31/SERBU', palette: 0, type: 'image/jpeg' },
  { file: 'persit/persit-cta.webp', w: 800, h: 600, kind: 'people', label: 'PERSIT', palette: 6 },
  ...Array.from({ length: 13 }, (_, i) => ({
    file: `commanders/komandan-${String(i + 1).padStart(2, '0')}.webp`,
    w: 240,
    h: 300,
    kind: 'portrait',
    label: String(i + 1),
    palette: i % 4,
  })),
  { file: 'structure/komandan-placeholder.webp', w: 240, h: 300, kind: 'portrait', label: '', palette: 0 },
  ...[64, 96, 180, 512].map((size) => ({ file: `brand/logo-${size}.png`, w: size, h: size, kind: 'logo', label: '31', palette: 0, type: 'image/png' })),
]

function draw({ w, h, kind, label, palette, type = 'image/webp' }) {
  const palettes = [
    ['#0d1b2a', '#35506b', '#d98b3a'],
    ['#10202b', '#4d7391', '#e7b15d'],
    ['#0b1320', '#2c4966', '#c9a227'],
    ['#1b2a1f', '#5d7a5a', '#e0c48a'],
    ['#101820', '#6c8aa6', '#f0c987'],
    ['#1c1f26', '#7f8fa3', '#e6a55a'],
    ['#1f3d2b', '#6f9273', '#e8d6a0'],
  ]
  const [top, mid, glow] = palettes[palette % palettes.length]
  const canvas = document.createElement('canvas')
  canvas.width = w
  canvas.height = h
  const c = canvas.getContext('2d')
  let seed = w * 7 + h * 13 + palette * 101 + label.length
  const rand = () => ((seed = (seed * 16807) % 2147483647) / 2147483647)

  if (kind === 'logo') {
    const r = w / 2
    c.fillStyle = '#c9a227'
    c.beginPath(); c.arc(r, r, r, 0, Math.PI * 2); c.fill()
    c.fillStyle = '#1f3d2b'
    c.beginPath(); c.arc(r, r, r * 0.86, 0, Math.PI * 2); c.fill()
    c.strokeStyle = '#c9a227'; c.lineWidth = r * 0.05
    c.beginPath(); c.arc(r, r, r * 0.74, 0, Math.PI * 2); c.stroke()
    // rotor blades
    c.fillStyle = '#e2c15a'
    for (let i = 0; i < 5; i++) {
      c.save(); c.translate(r, r * 0.92); c.rotate((i * Math.PI * 2) / 5 - Math.PI / 2)
      c.fillRect(-r * 0.035, -r * 0.58, r * 0.07, r * 0.58); c.restore()
    }
    c.beginPath(); c.arc(r, r * 0.92, r * 0.1, 0, Math.PI * 2); c.fill()
    c.fillStyle = '#ffffff'
    c.font = `900 ${Math.round(r * 0.5)}px sans-serif`
    c.textAlign = 'center'; c.textBaseline = 'middle'
    c.fillText(label, r, r * 1.42)
    return canvas.toDataURL(type)
  }

  const sky = c.createLinearGradient(0, 0, 0, h)
  sky.addColorStop(0, top); sky.addColorStop(0.62, mid); sky.addColorStop(1, glow)
  c.fillStyle = sky; c.fillRect(0, 0, w, h)
  const sun = c.createRadialGradient(w * 0.78, h * 0.7, 0, w * 0.78, h * 0.7, w * 0.45)
  sun.addColorStop(0, 'rgba(255,220,150,0.55)'); sun.addColorStop(1, 'rgba(255,220,150,0)')
  c.fillStyle = sun; c.fillRect(0, 0, w, h)

  if (kind === 'portrait') {
    c.fillStyle = '#1f3d2b'; c.fillRect(0, 0, w, h)
    const g = c.createLinearGradient(0, 0, 0, h)
    g.addColorStop(0, 'rgba(255,255,255,0.08)'); g.addColorStop(1, 'rgba(0,0,0,0.35)')
    c.fillStyle = g; c.fillRect(0, 0, w, h)
    c.fillStyle = '#c9c2ab'
    c.beginPath(); c.arc(w / 2, h * 0.4, w * 0.2, 0, Math.PI * 2); c.fill()
    c.beginPath(); c.ellipse(w / 2, h * 1.02, w * 0.42, h * 0.36, 0, Math.PI, 0); c.fill()
    c.fillStyle = '#2e5a3f'
    c.beginPath(); c.ellipse(w / 2, h * 0.26, w * 0.23, h * 0.07, 0, Math.PI, 0); c.fill()
    c.fillRect(w * 0.26, h * 0.25, w * 0.48, h * 0.03)
    c.fillStyle = '#c9a227'; c.fillRect(w * 0.46, h * 0.21, w * 0.08, h * 0.03)
    return canvas.toDataURL(type, 0.8)
  }

  // distant hills
  for (let layer = 0; layer < 3; layer++) {
    c.fillStyle = `rgba(${15 + layer * 8}, ${30 + layer * 12}, ${24 + layer * 6}, ${0.55 + layer * 0.2})`
    c.beginPath(); c.moveTo(0, h)
    const base = h * (0.72 + layer * 0.09)
    for (let x = 0; x <= w; x += w / 24) c.lineTo(x, base - rand() * h * (0.12 - layer * 0.03))
    c.lineTo(w, h); c.closePath(); c.fill()
  }

  const heli = (x, y, s, attack) => {
    c.save(); c.translate(x, y); c.scale(s, s)
    c.fillStyle = '#11161b'
    c.beginPath(); c.ellipse(0, 0, attack ? 70 : 80, attack ? 20 : 30, 0, 0, Math.PI * 2); c.fill()
    if (attack) { c.beginPath(); c.ellipse(48, -8, 26, 14, -0.2, 0, Math.PI * 2); c.fill() }
    c.fillRect(-150, -8, 100, 12)
    c.beginPath(); c.moveTo(-150, -8); c.lineTo(-165, -38); c.lineTo(-140, -36); c.lineTo(-132, -4); c.fill()
    c.fillRect(-6, -40, 12, 18)
    c.fillRect(-150, -4, 60, 3)
    c.fillStyle = 'rgba(17,22,27,0.85)'
    c.fillRect(-170, -44, 340, 4)
    c.fillRect(-40, 28, 90, 4)
    c.fillRect(-20, 20, 4, 10); c.fillRect(30, 20, 4, 10)
    if (attack) { c.fillRect(-30, 12, 70, 6); c.fillRect(-26, 18, 14, 8); c.fillRect(20, 18, 14, 8) }
    c.fillStyle = 'rgba(180,210,230,0.35)'
    c.beginPath(); c.ellipse(attack ? 55 : 52, -6, 14, 8, -0.2, 0, Math.PI * 2); c.fill()
    c.restore()
  }

  const s = Math.min(w, h) / 450
  if (kind === 'mi35') heli(w * 0.5, h * 0.42, s * 1.3, true)
  else if (kind === 'mi17') heli(w * 0.52, h * 0.42, s * 1.2, false)
  else if (kind === 'formation') {
    heli(w * 0.35, h * 0.32, s * 0.8, false)
    heli(w * 0.62, h * 0.26, s * 0.65, true)
    heli(w * 0.78, h * 0.42, s * 0.55, true)
  } else if (kind === 'people') {
    for (let i = 0; i < 5; i++) {
      const px = w * (0.2 + i * 0.15), py = h * 0.62
      c.fillStyle = i % 2 ? '#7a2e3a' : '#2f5d8a'
      c.beginPath(); c.ellipse(px, py + h * 0.2, w * 0.06, h * 0.22, 0, Math.PI, 0); c.fill()
      c.fillStyle = '#d9b99b'
      c.beginPath(); c.arc(px, py - h * 0.06, w * 0.035, 0, Math.PI * 2); c.fill()
    }
  }
  return canvas.toDataURL(type, type === 'image/jpeg' ? 0.82 : 0.78)
}

const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] })
const page = await browser.newPage()
for (const scene of scenes) {
  const dataUrl = await page.evaluate(draw, scene)
  const file = join(root, scene.file)
  await mkdir(dirname(file), { recursive: true })
  await writeFile(file, Buffer.from(dataUrl.split(',')[1], 'base64'))
}
await browser.close()
console.log(`wrote ${scenes.length} images under ${root}`)
