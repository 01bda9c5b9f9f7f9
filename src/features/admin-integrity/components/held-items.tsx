import { useRef, useState } from 'react'
import { Check, X } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { FOCUS_REGION, refocusIfLost } from '@/components/ui/focus-after'
import { toast } from '@/lib/toast'
import { describeError } from '@/lib/error-messages'
import { useDecideHold, type Decision, type HeldItem } from '../api/integrity'
import { HeldEvidence } from './held-evidence'
import { nounOf, when } from './labels'

const QUESTION: Record<Decision, { title: string; description: string; confirm: string; done: string }> = {
  release: {
    title: 'Rilis isi ini?',
    description: 'Isi akan terbit persis seperti yang disimpan, termasuk tautannya. Pastikan tidak ada tautan atau kata judi sebelum merilis.',
    confirm: 'Rilis',
    done: 'Isi dirilis dan terbit.',
  },
  reject: {
    title: 'Tolak isi ini?',
    description: 'Perubahan ini tidak akan terbit. Versi yang sudah tampil di situs tetap seperti sebelumnya.',
    confirm: 'Tolak',
    done: 'Isi ditolak dan tidak terbit.',
  },
}

/** Held items, each with its reasons and the two decisions; both are written to the audit log. */
export function HeldItems({ items }: { items: HeldItem[] }) {
  const decide = useDecideHold()
  const [asked, setAsked] = useState<{ item: HeldItem; decision: Decision } | null>(null)
  const region = useRef<HTMLDivElement>(null)

  const confirm = () => {
    if (!asked) return
    const { item, decision } = asked
    setAsked(null)
    decide.mutate({ id: item.id, decision }, {
      onSuccess: () => toast.success(QUESTION[decision].done),
      onError: (error) => toast.error('Keputusan gagal disimpan', { description: describeError(error) }),
      // the decided item and its buttons are gone: the list takes focus, not the page body
      onSettled: () => refocusIfLost(() => region.current),
    })
  }

  return (
    <div ref={region} tabIndex={-1} className={FOCUS_REGION}>
      {items.length === 0 ? (
        <p className="text-sm text-muted-foreground">Tidak ada isi yang ditahan.</p>
      ) : (
      <ul className="divide-y divide-border" aria-label="Isi yang ditahan">
        {items.map((item) => (
          <li key={item.id} className="space-y-3 py-4">
            <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
              <div className="min-w-0 space-y-1">
                <p className="font-semibold break-words">
                  {nounOf(item.table_name)}: {item.label || '(tanpa judul)'}
                </p>
                <p className="text-xs text-muted-foreground">Ditahan {when(item.held_at)}</p>
                <ul className="list-disc space-y-0.5 pl-5 text-sm break-words">
                  {item.reasons.map((reason) => <li key={reason}>{reason}</li>)}
                </ul>
              </div>
              <div className="flex shrink-0 gap-2">
                <Button size="sm" variant="outline" disabled={decide.isPending} onClick={() => setAsked({ item, decision: 'reject' })}
                  aria-label={`Tolak "${item.label}"`}>
                  <X aria-hidden="true" /> Tolak
                </Button>
                <Button size="sm" disabled={decide.isPending} onClick={() => setAsked({ item, decision: 'release' })}
                  aria-label={`Rilis "${item.label}"`}>
                  <Check aria-hidden="true" /> Rilis
                </Button>
              </div>
            </div>
            <HeldEvidence item={item} />
          </li>
        ))}
      </ul>
      )}
      <ConfirmDialog
        open={asked !== null}
        onOpenChange={(open) => !open && setAsked(null)}
        title={asked ? QUESTION[asked.decision].title : ''}
        description={asked ? QUESTION[asked.decision].description : ''}
        confirmLabel={asked ? QUESTION[asked.decision].confirm : ''}
        destructive={asked?.decision === 'reject'}
        onConfirm={confirm}
      />
    </div>
  )
}
