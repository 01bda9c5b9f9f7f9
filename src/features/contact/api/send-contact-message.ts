import { useMutation } from '@tanstack/react-query'
import type { PublicApi } from '@/lib/public-api'
import { useRenderContext } from '@/lib/render-context'

export type ContactMessage = { name: string; email: string; phone: string; subject: string; message: string }
export type ContactErrors = Partial<Record<keyof ContactMessage, string>>

/** Checks the values (contact-schema.ts, loaded on the first send) and whether anything is wrong. */
export const loadContactCheck = () => import('./contact-schema').then((module) => module.checkContactMessage)

/** As a visitor through the public client: no supabase-js is loaded for a message. */
export async function sendContactMessage(api: PublicApi, input: ContactMessage) {
  // Visitors may insert a message but never read one back.
  await api.insert('contacts', {
    name: input.name,
    email: input.email,
    phone: input.phone || null,
    subject: input.subject || null,
    message: input.message,
  })
}

export function useSendContactMessage() {
  const { api } = useRenderContext()
  return useMutation({ mutationFn: (input: ContactMessage) => sendContactMessage(api, input) })
}
