import { useId, useState } from 'react'
import { Archive, ArchiveRestore, Mail, MailOpen, Reply, Trash2 } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { formatShortDateTime } from '@/lib/format'
import { cn } from '@/lib/utils'
import type { ContactMessage } from '../api/get-messages'
import { replyHref } from '../lib/inbox'

type Props = {
  message: ContactMessage
  busy: boolean
  onSetRead: (message: ContactMessage, read: boolean) => void
  onSetArchived: (message: ContactMessage, archived: boolean) => void
  onDelete: (message: ContactMessage) => void
}

export const NO_SUBJECT = '(Tanpa subjek)'

/** One message: a header that opens the full text (and marks it read), then the actions. */
export function MessageItem({ message, busy, onSetRead, onSetArchived, onDelete }: Props) {
  const [open, setOpen] = useState(false)
  const bodyId = useId()
  const unread = message.read_at === null
  const archived = message.archived_at !== null
  const label = `pesan dari ${message.name}`

  const toggle = () => {
    const next = !open
    setOpen(next)
    if (next && unread) onSetRead(message, true)
  }

  return (
    <article
      className={cn('grid gap-3 p-4', unread && 'bg-primary/5')}
      aria-label={`${unread ? 'Belum dibaca: ' : ''}${message.subject || NO_SUBJECT}, dari ${message.name}`}
      data-unread={unread || undefined}
    >
      <button
        type="button"
        onClick={toggle}
        aria-expanded={open}
        aria-controls={bodyId}
        aria-label={`${message.name}, ${message.subject || NO_SUBJECT}`}
        className="grid w-full gap-1 rounded-md text-left outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
      >
        <span className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
          <span className={cn('flex min-w-0 items-center gap-2 break-words', unread ? 'font-bold' : 'font-normal')}>
            {unread && <span className="size-2 shrink-0 rounded-full bg-gold" aria-hidden="true" />}
            {message.name}
          </span>
          <time dateTime={message.created_at} className="text-xs whitespace-nowrap text-muted-foreground">
            {formatShortDateTime(message.created_at)}
          </time>
        </span>
        <span className={cn('break-words', unread ? 'font-semibold' : 'text-foreground/90')}>
          {message.subject || NO_SUBJECT}
        </span>
        {!open && <span className="line-clamp-2 text-sm break-words text-muted-foreground">{message.message}</span>}
      </button>

      <div id={bodyId} hidden={!open} className="grid gap-2 rounded-md bg-muted/50 p-3 text-sm">
        <p className="text-muted-foreground">
          <span className="break-all">{message.email}</span>
          {message.phone && <span> · {message.phone}</span>}
        </p>
        <p className="break-words whitespace-pre-wrap">{message.message}</p>
      </div>

      <div className="flex flex-wrap gap-2">
        <Button size="sm" asChild>
          <a href={replyHref(message)} aria-label={`Balas ${label}`}>
            <Reply aria-hidden="true" />
            Balas
          </a>
        </Button>
        <Button size="sm" variant="outline" disabled={busy} onClick={() => onSetRead(message, unread)}>
          {unread ? <MailOpen aria-hidden="true" /> : <Mail aria-hidden="true" />}
          {unread ? 'Tandai sudah dibaca' : 'Tandai belum dibaca'}
        </Button>
        <Button size="sm" variant="outline" disabled={busy} onClick={() => onSetArchived(message, !archived)}>
          {archived ? <ArchiveRestore aria-hidden="true" /> : <Archive aria-hidden="true" />}
          {archived ? 'Kembalikan' : 'Arsipkan'}
        </Button>
        <Button
          size="sm"
          variant="ghost"
          className="text-destructive hover:text-destructive"
          disabled={busy}
          onClick={() => onDelete(message)}
          aria-label={`Hapus ${label}`}
        >
          <Trash2 aria-hidden="true" />
          Hapus
        </Button>
      </div>
    </article>
  )
}
