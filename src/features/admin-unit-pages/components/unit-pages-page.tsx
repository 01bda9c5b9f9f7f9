import { useState, type ReactNode } from 'react'
import { Pencil, Plus, Trash2 } from 'lucide-react'
import { toast } from '@/lib/toast'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { Skeleton } from '@/components/ui/skeleton'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs'
import { describeError } from '@/lib/error-messages'
import { htmlToText } from '@/lib/format'
import { useQueryErrorToast } from '@/lib/use-query-error-toast'
import { HELD_TITLE } from '@/lib/held-for-review'
import { useDeleteUnitPageRow, useHeldUnitPageRows, useUnitPagesData, type AdminPastCommander, type AdminUnitPost } from '../api/unit-pages-admin'
import { RowDialog } from './row-dialog'
import { UnitPageTrashList } from './unit-page-trash-list'
import { POST_KINDS, type EditTarget } from './row-form'

type Props = { userId: string }
type Removal = { table: 'unit_posts'; row: AdminUnitPost; label: string } | { table: 'past_commanders'; row: AdminPastCommander; label: string }

/** `held`: a saved change waits for a superadmin's review on Integritas Situs (issue 32). */
function Row({ title, detail, actions, held = false }: { title: ReactNode; detail?: ReactNode; actions: ReactNode; held?: boolean }) {
  return (
    <li className="flex flex-col gap-3 rounded-lg border border-border bg-card p-4 shadow-xs sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <p className="font-semibold break-words">{title}</p>
        {held && (
          <Badge variant="destructive" className="mt-1">
            {HELD_TITLE}
          </Badge>
        )}
        {detail && <p className="mt-1 line-clamp-2 text-sm break-words text-muted-foreground">{detail}</p>}
      </div>
      <div className="flex shrink-0 gap-2">{actions}</div>
    </li>
  )
}

const ACTIONS = {
  edit: { word: 'Ubah', Icon: Pencil, variant: 'outline' },
  remove: { word: 'Hapus', Icon: Trash2, variant: 'ghost' },
} as const

function ActionButton({ action, label, onClick }: { action: keyof typeof ACTIONS; label: string; onClick: () => void }) {
  const { word, Icon, variant } = ACTIONS[action]
  return (
    <Button size="sm" variant={variant} onClick={onClick} aria-label={`${word} ${label}`}>
      <Icon aria-hidden="true" />
      {word}
    </Button>
  )
}

/** Halaman Satuan: staff edit /profil, /struktur and the public-information pages. */
export function UnitPagesPage({ userId }: Props) {
  const data = useUnitPagesData()
  const remove = useDeleteUnitPageRow()
  const held = useHeldUnitPageRows().data
  const [editing, setEditing] = useState<EditTarget | null>(null)
  const [removing, setRemoving] = useState<Removal | null>(null)
  useQueryErrorToast(data.error, 'Gagal memuat halaman satuan')

  const edit = (target: EditTarget) => setEditing(target)
  const confirmRemove = () => {
    if (!removing) return
    const { table, row, label } = removing
    remove.mutate(
      { table, id: row.id },
      {
        // The photo stays with the trash entry (30 days), so a restore brings it back too.
        onSuccess: () => toast.success(`${label} dihapus.`, { description: 'Dapat dipulihkan dari Tempat Sampah selama 30 hari.' }),
        onError: (error) => toast.error('Gagal menghapus', { description: describeError(error) }),
      },
    )
    setRemoving(null)
  }

  const posts = data.data?.posts ?? []
  const commanders = data.data?.commanders ?? []

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold sm:text-3xl">Halaman Satuan</h1>
        <p className="text-sm text-muted-foreground">Ubah profil, struktur organisasi, daftar komandan, dan halaman informasi publik tanpa menunggu rilis.</p>
      </div>

      {data.isPending ? (
        <div className="space-y-3" role="status" aria-label="Memuat halaman satuan">
          {Array.from({ length: 4 }, (_, index) => (
            <Skeleton key={index} className="h-16 w-full rounded-lg" />
          ))}
        </div>
      ) : data.data ? (
        <Tabs defaultValue="profil">
          <TabsList className="h-auto w-full sm:w-fit">
            <TabsTrigger value="profil">Profil</TabsTrigger>
            <TabsTrigger value="struktur">Struktur</TabsTrigger>
            <TabsTrigger value="komandan">Komandan</TabsTrigger>
            <TabsTrigger value="informasi">Informasi Publik</TabsTrigger>
            <TabsTrigger value="sampah">Tempat Sampah</TabsTrigger>
          </TabsList>

          <TabsContent value="profil" className="mt-4">
            <ul className="space-y-3" aria-label="Teks profil">
              {data.data.texts.map((row) => (
                <Row
                  key={row.id}
                  held={held?.has(row.id)}
                  title={row.title}
                  detail={htmlToText(row.body)}
                  actions={<ActionButton action="edit" label={row.title} onClick={() => edit({ table: 'unit_texts', row })} />}
                />
              ))}
            </ul>
          </TabsContent>

          <TabsContent value="struktur" className="mt-4 space-y-6">
            {POST_KINDS.map(({ kind, label }) => {
              const group = posts.filter((post) => post.kind === kind)
              return (
                <section key={kind} aria-labelledby={`kelompok-${kind}`} className="space-y-3">
                  <div className="flex items-center justify-between gap-2">
                    <h2 id={`kelompok-${kind}`} className="text-lg font-bold">
                      {label}
                    </h2>
                    <Button
                      size="sm"
                      onClick={() => edit({ table: 'unit_posts', row: null, kind, position: Math.max(0, ...group.map((post) => post.position)) + 1 })}
                      aria-label={`Tambah ke ${label}`}
                    >
                      <Plus aria-hidden="true" />
                      Tambah
                    </Button>
                  </div>
                  <ul className="space-y-3">
                    {group.map((row) => (
                      <Row
                        key={row.id}
                        held={held?.has(row.id)}
                        title={row.name}
                        detail={[row.officer_title, row.officer_rank, row.officer_name ?? 'Belum ditetapkan'].filter(Boolean).join(' · ')}
                        actions={
                          <>
                            <ActionButton action="edit" label={row.name} onClick={() => edit({ table: 'unit_posts', row, kind, position: row.position })} />
                            <ActionButton action="remove" label={row.name} onClick={() => setRemoving({ table: 'unit_posts', row, label: row.name })} />
                          </>
                        }
                      />
                    ))}
                  </ul>
                </section>
              )
            })}
          </TabsContent>

          <TabsContent value="komandan" className="mt-4 space-y-3">
            <div className="flex justify-end">
              <Button onClick={() => edit({ table: 'past_commanders', row: null, ordinal: Math.max(0, ...commanders.map((row) => row.ordinal)) + 1 })}>
                <Plus aria-hidden="true" />
                Tambah Komandan
              </Button>
            </div>
            <ol className="space-y-3" aria-label="Komandan dari masa ke masa">
              {commanders.map((row) => {
                const label = `Komandan ke-${row.ordinal}`
                return (
                  <Row
                    key={row.id}
                    held={held?.has(row.id)}
                    title={`${label}: ${row.name}`}
                    detail={`${row.rank} · ${row.period}`}
                    actions={
                      <>
                        <ActionButton action="edit" label={label} onClick={() => edit({ table: 'past_commanders', row, ordinal: row.ordinal })} />
                        <ActionButton action="remove" label={label} onClick={() => setRemoving({ table: 'past_commanders', row, label })} />
                      </>
                    }
                  />
                )
              })}
            </ol>
          </TabsContent>

          <TabsContent value="informasi" className="mt-4">
            <ul className="space-y-3" aria-label="Halaman informasi publik">
              {data.data.pages.map((row) => (
                <Row
                  key={row.id}
                  held={held?.has(row.id)}
                  title={row.title}
                  detail={`/${row.slug} · ${row.description}`}
                  actions={<ActionButton action="edit" label={row.title} onClick={() => edit({ table: 'info_pages', row })} />}
                />
              ))}
            </ul>
          </TabsContent>

          <TabsContent value="sampah" className="mt-4">
            <UnitPageTrashList />
          </TabsContent>
        </Tabs>
      ) : null}

      {editing && <RowDialog target={editing} userId={userId} onClose={() => setEditing(null)} />}

      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title={`Hapus ${removing?.label ?? ''}?`}
        description="Data ini hilang dari situs. Anda dapat memulihkannya dari Tempat Sampah selama 30 hari."
        confirmLabel="Hapus"
        onConfirm={confirmRemove}
      />
    </div>
  )
}
