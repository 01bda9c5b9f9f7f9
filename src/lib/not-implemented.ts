import { toast } from '@/lib/toast'

const TITLE = 'Fitur ini belum diimplementasikan'

const DESCRIPTIONS = {
  short: 'Silakan minta fitur ini di kesempatan berikutnya!',
  long: 'Fitur ini belum tersedia saat ini, tetapi jangan khawatir! Anda dapat memintanya di kesempatan berikutnya.',
} as const

export function showNotImplemented(variant: 'short' | 'long' = 'short') {
  toast(TITLE, { description: DESCRIPTIONS[variant] })
}
