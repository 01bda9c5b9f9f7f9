import { createContext } from 'react'
import { usePostedOutcome } from '@/lib/posted-form'
import type { ContactErrors, ContactMessage } from './send-contact-message'

/**
 * What a contact form posted without JavaScript came back with, when it was not sent: the same
 * toast texts the app shows, the field messages and the values to fill in again.
 */
export type ContactRefusal = {
  status: 400 | 413 | 429 | 502
  toast: { title: string; description?: string }
  errors: ContactErrors
  values: ContactMessage
}

/** The refusal the server's render shows (per request, never shared between renders). */
export const ContactRefusalContext = createContext<ContactRefusal | null>(null)

/**
 * The refusal this page was rendered with: in the server's render from the context, in the
 * browser from the state the server handed over, once (coming back to /kontak later in the same
 * visit starts with a clean form).
 */
export function useContactRefusal(): ContactRefusal | null {
  return usePostedOutcome(ContactRefusalContext, 'contactRefusal')
}
