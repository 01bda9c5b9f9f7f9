import { useState, type KeyboardEvent } from 'react'
import type { Editor } from '@tiptap/react'
import { Button } from '@/components/ui/button'
import { Field } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { embedUrl, parseVideoAddress } from '@/lib/video-embed'

/** 'Sisipkan video': a YouTube or Vimeo address and the title readers see before they press play. */
export function VideoPanel({ editor, onDone }: { editor: Editor; onDone: () => void }) {
  const [address, setAddress] = useState('')
  const [title, setTitle] = useState('')
  const [errors, setErrors] = useState<{ address?: string; title?: string }>({})

  const apply = () => {
    const video = parseVideoAddress(address)
    const found = { address: 'error' in video ? video.error : undefined, title: title.trim() ? undefined : 'Judul video wajib diisi.' }
    setErrors(found)
    if ('error' in video || found.title) return
    editor.chain().focus().insertContent({ type: 'videoEmbed', attrs: { src: embedUrl(video), title: title.trim() } }).run()
    onDone()
  }
  const onEnter = (event: KeyboardEvent) => {
    if (event.key !== 'Enter') return
    event.preventDefault()
    apply()
  }

  return (
    <div className="grid gap-3 border-b border-input bg-muted/30 p-3" role="group" aria-label="Video">
      <Field label="Alamat video YouTube atau Vimeo" error={errors.address}>
        {(control) => (
          <Input {...control} type="url" value={address} autoFocus placeholder="https://www.youtube.com/watch?v=..."
            onChange={(e) => setAddress(e.target.value)} onKeyDown={onEnter} />
        )}
      </Field>
      <Field label="Judul video" error={errors.title} description="Tampil di halaman sebelum pembaca menekan putar.">
        {(control) => <Input {...control} value={title} maxLength={150} onChange={(e) => setTitle(e.target.value)} onKeyDown={onEnter} />}
      </Field>
      <div className="flex flex-wrap gap-2">
        <Button type="button" size="sm" onClick={apply}>Sisipkan Video</Button>
        <Button type="button" size="sm" variant="ghost" onClick={() => { editor.commands.focus(); onDone() }}>Batal</Button>
      </div>
    </div>
  )
}
