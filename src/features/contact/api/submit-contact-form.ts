// The contact form posted without JavaScript (or before it loaded): the site server hands the
// fields here, in its render bundle, so the same checks, texts and REST insert (with the
// database's flood limit) apply as in the browser.
import type { PublicApi } from '@/lib/public-api'
import { checkContactMessage } from './contact-schema'
import type { ContactRefusal } from './contact-outcome'
import type { ContactMessage } from './send-contact-message'

const FIELDS = ['name', 'email', 'phone', 'subject', 'message'] as const

/** Sent (null) or why not. Never throws for what a visitor can send. */
export async function submitContactForm(api: PublicApi, form: Record<string, string>): Promise<ContactRefusal | null> {
  const values = Object.fromEntries(FIELDS.map((field) => [field, form[field] ?? ''])) as ContactMessage
  const check = checkContactMessage(values)
  if (!check.ok) return { status: 400, toast: check.toast, errors: check.errors, values }
  // The field people never see: a bot that fills it is told it worked.
  if (form.website) return null
  try {
    await api.insert('contacts', {
      name: check.data.name,
      email: check.data.email,
      phone: check.data.phone || null,
      subject: check.data.subject || null,
      message: check.data.message,
    })
    return null
  } catch (error) {
    const { message, hint } = error as Error & { hint?: string }
    return {
      status: hint === 'rate_limited' ? 429 : 502,
      toast: { title: 'Gagal Mengirim Pesan', description: `Terjadi kesalahan: ${message}` },
      errors: {},
      values,
    }
  }
}

/**
 * The refusal for a body too large to be a message at all (the site server stops reading it):
 * the browser's text for an overlong message, nothing of it kept.
 */
export function tooLargeRefusal(): ContactRefusal {
  return {
    status: 413,
    toast: { title: 'Form Tidak Lengkap', description: 'Pesan maksimal 5000 karakter.' },
    errors: { message: 'Pesan maksimal 5000 karakter.' },
    values: { name: '', email: '', phone: '', subject: '', message: '' },
  }
}
