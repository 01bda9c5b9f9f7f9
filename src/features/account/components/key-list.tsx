import { useState, type FormEvent } from 'react'
import { Pencil, Trash2 } from 'lucide-react'
import { toast } from '@/lib/toast'
import { describeError } from '@/lib/error-messages'
import { formatLongDate, formatShortDateTime } from '@/lib/format'
import { isPlainName, PLAIN_NAME_ERROR } from '@/lib/validation/plain-name'
import { Button } from '@/components/ui/button'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { Field } from '@/components/ui/field'
import { Input } from '@/components/ui/input'

/** A passkey or a security key as Keamanan lists it. */
export interface KeyItem {
  id: string
  name: string
  createdAt: string
  lastUsedAt: string | null
}

/** What the list says of one kind of key: 'Passkey' or 'Kunci Keamanan'. */
export interface KeyWords {
  /** 'passkey', 'kunci keamanan': inside sentences. */
  noun: string
  removedTitle: string
  /** What removal means for signing in, after the key's name. */
  removedEffect: string
  removeFailedTitle: string
}

const NAME_MAX = 120

/**
 * The keys of one kind, each with the name its owner gave, when it was added and last used, and
 * 'Ubah Nama' and 'Hapus' (after a confirmation; the toast says what happened).
 */
export function KeyList({ items, words, busy, onRename, onRemove }: {
  items: KeyItem[]
  words: KeyWords
  busy: boolean
  onRename: (item: KeyItem, name: string) => Promise<void>
  onRemove: (item: KeyItem) => Promise<void>
}) {
  const [renaming, setRenaming] = useState<string | null>(null)
  const [toRemove, setToRemove] = useState<KeyItem | null>(null)

  const remove = (item: KeyItem) =>
    onRemove(item).then(
      () => toast.success(words.removedTitle, { description: `${item.name} ${words.removedEffect}` }),
      (failure: unknown) => toast.error(words.removeFailedTitle, { description: describeError(failure) }),
    )

  return (
    <>
      <ul className="space-y-2">
        {items.map((item) => (
          <li key={item.id} className="rounded-md border p-3">
            {renaming === item.id ? (
              <RenameForm item={item} noun={words.noun} onRename={onRename} onDone={() => setRenaming(null)} />
            ) : (
              <div className="flex flex-wrap items-center justify-between gap-2">
                <div className="min-w-0">
                  <p className="break-words text-sm font-medium">{item.name}</p>
                  <p className="text-xs text-muted-foreground">Ditambahkan {formatLongDate(item.createdAt)}</p>
                  <p className="text-xs text-muted-foreground">
                    {item.lastUsedAt ? `Terakhir dipakai ${formatShortDateTime(item.lastUsedAt)}` : 'Belum pernah dipakai'}
                  </p>
                </div>
                <div className="flex flex-wrap gap-2">
                  <Button type="button" variant="outline" size="sm" disabled={busy} onClick={() => setRenaming(item.id)}
                    aria-label={`Ubah nama ${item.name}`}>
                    <Pencil aria-hidden="true" />
                    Ubah Nama
                  </Button>
                  <Button type="button" variant="outline" size="sm" disabled={busy} onClick={() => setToRemove(item)}
                    aria-label={`Hapus ${item.name}`}>
                    <Trash2 aria-hidden="true" />
                    Hapus
                  </Button>
                </div>
              </div>
            )}
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={toRemove !== null}
        onOpenChange={(open) => !open && setToRemove(null)}
        title={`Hapus ${toRemove?.name ?? ''}?`}
        description={`${toRemove?.name ?? ''} ${words.removedEffect} Hapus ${words.noun} yang hilang atau tidak Anda kenali.`}
        confirmLabel="Ya, Hapus"
        onConfirm={() => {
          if (toRemove) void remove(toRemove)
          setToRemove(null)
        }}
      />
    </>
  )
}

function RenameForm({ item, noun, onRename, onDone }: {
  item: KeyItem
  noun: string
  onRename: (item: KeyItem, name: string) => Promise<void>
  onDone: () => void
}) {
  const [name, setName] = useState(item.name)
  const [error, setError] = useState<string>()
  const [saving, setSaving] = useState(false)

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const wanted = name.trim()
    const problem = !wanted || wanted.length > NAME_MAX ? `Nama ${noun} wajib diisi, paling banyak ${NAME_MAX} karakter.`
      : !isPlainName(wanted) ? PLAIN_NAME_ERROR : undefined
    setError(problem)
    if (problem) return
    setSaving(true)
    onRename(item, wanted).then(
      () => {
        toast.success('Nama Diperbarui', { description: `${item.name} kini bernama ${wanted}.` })
        onDone()
      },
      (failure: unknown) => {
        const message = describeError(failure)
        setError(message)
        toast.error('Gagal Mengubah Nama', { description: message })
        setSaving(false)
      },
    )
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-3">
      <Field label={`Nama ${noun}`} error={error}>
        {(control) => (
          <Input {...control} value={name} maxLength={NAME_MAX} autoFocus autoComplete="off" onChange={(e) => setName(e.target.value)} />
        )}
      </Field>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" disabled={saving}>
          {saving ? 'Menyimpan...' : 'Simpan Nama'}
        </Button>
        <Button type="button" variant="outline" size="sm" disabled={saving} onClick={onDone}>
          Batal
        </Button>
      </div>
    </form>
  )
}
