import { z } from 'zod'
import { fieldErrors } from '@/lib/validation/field-errors'
import { email, PHONE_ERROR } from '@/lib/validation/rules'
import type { ContactErrors, ContactMessage } from './send-contact-message'

// zod (~22 kB gz) loads with the first send, not with the contact page.

const REQUIRED_MESSAGE = 'Wajib diisi.'

/**
 * SPEC.md: name, e-mail and message required, phone and subject optional; the limits are the
 * contacts table's own checks, so nothing the database would refuse is sent.
 */
export const contactMessageSchema = z.object({
  name: z.string().trim().min(1, REQUIRED_MESSAGE).max(120, 'Nama maksimal 120 karakter.'),
  email: z.string().trim().min(1, REQUIRED_MESSAGE).max(320).pipe(email),
  phone: z.union([z.literal(''), z.string().trim().regex(/^\+?[0-9 ()-]{6,20}$/, PHONE_ERROR.description)]),
  subject: z.string().trim().max(200, 'Subjek maksimal 200 karakter.'),
  message: z.string().trim().min(1, REQUIRED_MESSAGE).max(5000, 'Pesan maksimal 5000 karakter.'),
}) satisfies z.ZodType<ContactMessage, ContactMessage>

export type ContactCheck =
  | { ok: true; data: ContactMessage }
  | { ok: false; errors: ContactErrors; toast: { title: string; description?: string } }

/** The form's values checked, with the field messages and the one toast SPEC.md shows. */
export function checkContactMessage(values: ContactMessage): ContactCheck {
  const parsed = contactMessageSchema.safeParse(values)
  if (parsed.success) return { ok: true, data: parsed.data }
  const errors: ContactErrors = fieldErrors(parsed.error)
  const toast = [errors.name, errors.email, errors.message].includes(REQUIRED_MESSAGE)
    ? { title: 'Form Tidak Lengkap', description: 'Mohon lengkapi nama, email, dan pesan.' }
    : errors.email
      ? { title: 'Email Tidak Valid', description: 'Mohon periksa kembali alamat email Anda.' }
      : errors.phone
        ? { title: PHONE_ERROR.title, description: PHONE_ERROR.description }
        : { title: 'Form Tidak Lengkap', description: Object.values(errors)[0] }
  return { ok: false, errors, toast }
}
