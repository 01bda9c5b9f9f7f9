import { useMutation } from '@tanstack/react-query'
import { loadSupabase } from '@/lib/supabase-lazy'

export type ContactMessage = { name: string; email: string; phone: string; subject: string; message: string }
export type ContactErrors = Partial<Record<keyof ContactMessage, string>>

/** Checks the values (contact-schema.ts, loaded on the first send) and whether anything is wrong. */
export const loadContactCheck = () => import('./contact-schema').then((module) => module.checkContactMessage)

export async function sendContactMessage(input: ContactMessage) {
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
