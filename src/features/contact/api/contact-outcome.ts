import { createContext, useContext, useEffect, useState } from 'react'
import { readSsrState } from '@/lib/ssr-state'
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

let consumed = false

/**
 * The refusal this page was rendered with: in the server's render from the context, in the
 * browser from the state the server handed over, once (coming back to /kontak later in the same
 * visit starts with a clean form).
 */
export function useContactRefusal(): ContactRefusal | null {
  const fromRender = useContext(ContactRefusalContext)
  const [refusal] = useState(() => fromRender ?? (consumed || typeof window === 'undefined' ? null : (readSsrState<{ contactRefusal: ContactRefusal }>()?.contactRefusal ?? null)))
  useEffect(() => {
    consumed = true
  }, [])
  return refusal
}
