import { useDeferredValue, useRef, useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Inbox, Search } from 'lucide-react'
import { toast } from '@/lib/toast'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { describeError } from '@/lib/error-messages'
import { useQueryErrorToast } from '@/lib/use-query-error-toast'
import { ResultsStatus, useResultsFocus } from '@/components/ui/results-status'
import { useMessages, type ContactMessage } from '../api/get-messages'
import { useUpdateMessageState } from '../api/update-message'
import { useDeleteMessage } from '../api/delete-message'
import { unreadCountQueryOptions } from '../api/get-unread-count'
import type { InboxView } from '../lib/inbox'
import { MessageItem } from './message-item'

const EMPTY_TEXT: Record<InboxView, string> = {
  inbox: 'Belum ada pesan masuk.',
  archived: 'Belum ada pesan yang diarsipkan.',
}

export function InboxPage() {
  const [view, setView] = useState<InboxView>('inbox')
  const [query, setQuery] = useState('')
  const deferredQuery = useDeferredValue(query)
  const messages = useMessages(view, deferredQuery)
  // the whole inbox's unread count, not the loaded pages': kept live by the sidebar's subscription
  const unread = useQuery(unreadCountQueryOptions())
  const update = useUpdateMessageState()
  const remove = useDeleteMessage()
  const [toDelete, setToDelete] = useState<ContactMessage | null>(null)

  useQueryErrorToast(messages.error, 'Gagal memuat pesan')

  const visible = messages.data?.pages.flatMap((page) => page.messages) ?? []
  const total = messages.data?.pages.at(-1)?.total ?? 0
  const unreadInbox = unread.data ?? 0
  const { ref: resultsRef, onSearchKeyDown } = useResultsFocus()
  const listRef = useRef<HTMLUListElement>(null)

  // The button may vanish with the last page: focus moves to the first message just loaded.
  const loadMore = async () => {
    const before = visible.length
    await messages.fetchNextPage()
    requestAnimationFrame(() => listRef.current?.querySelectorAll<HTMLElement>(':scope > li')[before]?.focus())
  }

  const setState = (message: ContactMessage, patch: Parameters<typeof update.mutate>[0]['patch'], done?: string) =>
    update.mutate(
      { id: message.id, patch },
      {
        onSuccess: () => done && toast.success(done),
        onError: (error) => toast.error('Gagal memperbarui pesan', { description: describeError(error) }),
      },
    )

  const onSetRead = (message: ContactMessage, read: boolean) =>
    setState(message, { read_at: read ? new Date().toISOString() : null })
  const onSetArchived = (message: ContactMessage, archived: boolean) =>
    setState(
      message,
      { archived_at: archived ? new Date().toISOString() : null },
      archived ? 'Pesan diarsipkan.' : 'Pesan dikembalikan ke Kotak Masuk.',
    )

  const confirmDelete = () => {
    if (!toDelete) return
    remove.mutate(toDelete.id, {
      onSuccess: () => toast.success('Pesan dihapus!'),
      onError: (error) => toast.error('Gagal menghapus pesan', { description: describeError(error) }),
    })
    setToDelete(null)
  }

  const busy = (message: ContactMessage) =>
    (update.isPending && update.variables?.id === message.id) || (remove.isPending && remove.variables === message.id)

  const list = (
    <div className="rounded-xl border border-border bg-card shadow-sm">
      <ResultsStatus ref={resultsRef} className="mx-4 mt-3 px-1">
        {messages.isPending ? '' : deferredQuery.trim() ? `${total} pesan cocok dengan "${deferredQuery.trim()}"` : `${total} pesan`}
      </ResultsStatus>
      {messages.isPending ? (
        <p className="px-4 py-10 text-center text-sm text-muted-foreground" role="status">
          Memuat pesan...
        </p>
      ) : visible.length === 0 ? (
        <div className="px-4 py-12 text-center text-sm text-muted-foreground">
          <Inbox className="mx-auto mb-3 size-8" aria-hidden="true" />
          {deferredQuery.trim() ? 'Tidak ada pesan yang cocok.' : EMPTY_TEXT[view]}
        </div>
      ) : (
        <ul ref={listRef} className="divide-y divide-border" aria-label={view === 'inbox' ? 'Daftar pesan masuk' : 'Daftar arsip pesan'}>
          {visible.map((message) => (
            <li key={message.id} tabIndex={-1} className="outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset">
              <MessageItem
                message={message}
                busy={busy(message)}
                onSetRead={onSetRead}
                onSetArchived={onSetArchived}
                onDelete={setToDelete}
              />
            </li>
          ))}
        </ul>
      )}
      {visible.length > 0 && (
        <div className="flex flex-col items-center gap-3 border-t border-border px-4 py-4 sm:flex-row sm:justify-between">
          <p className="text-sm text-muted-foreground">
            Menampilkan {visible.length} dari {total} pesan
          </p>
          {messages.hasNextPage && (
            <Button variant="outline" size="sm" onClick={() => void loadMore()} disabled={messages.isFetchingNextPage}>
              {messages.isFetchingNextPage ? 'Memuat...' : 'Muat lebih banyak'}
            </Button>
          )}
        </div>
      )}
    </div>
  )

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold sm:text-3xl">Pesan Masuk</h1>
        <p className="text-sm text-muted-foreground">Baca dan balas pesan yang dikirim pengunjung melalui halaman Kontak.</p>
      </div>

      <div className="relative max-w-md">
        <Label htmlFor="inbox-search" className="sr-only">
          Cari pesan
        </Label>
        <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden="true" />
        <Input
          id="inbox-search"
          type="search"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          onKeyDown={onSearchKeyDown}
          placeholder="Cari pesan..."
          className="pl-9"
        />
      </div>

      <Tabs value={view} onValueChange={(v) => setView(v as InboxView)}>
        <TabsList aria-label="Tampilan pesan">
          <TabsTrigger value="inbox">Kotak Masuk{unreadInbox > 0 ? ` (${unreadInbox})` : ''}</TabsTrigger>
          <TabsTrigger value="archived">Arsip</TabsTrigger>
        </TabsList>
        <TabsContent value="inbox">{view === 'inbox' && list}</TabsContent>
        <TabsContent value="archived">{view === 'archived' && list}</TabsContent>
      </Tabs>

      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => !open && setToDelete(null)}
        title="Hapus Pesan?"
        description={`Pesan dari "${toDelete?.name ?? ''}" akan dihapus secara permanen. Tindakan ini tidak dapat dibatalkan.`}
        confirmLabel="Ya, Hapus"
        onConfirm={confirmDelete}
      />
    </div>
  )
}
