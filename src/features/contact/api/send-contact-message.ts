import { useMutation } from '@tanstack/react-query'
import { z } from 'zod'
import { loadSupabase } from '@/lib/supabase-lazy'
import { email, PHONE_ERROR } from '@/lib/validation/rules'

export const REQUIRED_MESSAGE = 'Wajib diisi.'

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
})

export type ContactMessage = z.input<typeof contactMessageSchema>

export async function sendContactMessage(input: z.output<typeof contactMessageSchema>) {
  // supabase-js is loaded here, on the first send, not with the page.
  const supabase = await loadSupabase()
  // No .select(): visitors may insert a message but never read one back.
  const { error } = await supabase.from('contacts').insert({
    name: input.name,
    email: input.email,
    phone: input.phone || null,
    subject: input.subject || null,
    message: input.message,
  })
  if (error) throw error
}

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage })
}
