import type { ContactMessage } from '../api/get-messages'

export type InboxView = 'inbox' | 'archived'

export const DEFAULT_REPLY_SUBJECT = 'Pesan Anda kepada Skadron 31/Serbu'

/**
 * A mailto link answering the sender with the subject filled in. Every part is percent-encoded,
 * so an address such as `a@b.c?bcc=x@y.z` (the table's address check allows it) cannot add
 * recipients or headers.
 */
export function replyHref(message: Pick<ContactMessage, 'email' | 'subject'>) {
  const subject = message.subject?.trim() ? `Re: ${message.subject.trim()}` : `Re: ${DEFAULT_REPLY_SUBJECT}`
  return `mailto:${encodeURIComponent(message.email)}?subject=${encodeURIComponent(subject)}`
}
