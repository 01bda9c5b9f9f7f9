import { useMutation } from '@tanstack/react-query'
import { loadSupabase } from '@/lib/supabase-lazy'

export type ContactMessage = {
  name: string
  email: string
  phone: string
  subject: string
  message: string
}

export async function sendContactMessage(input: ContactMessage) {
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
