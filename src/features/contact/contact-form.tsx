import { useState, type ChangeEvent, type FormEvent } from 'react'
import { Send } from 'lucide-react'
import { toast } from 'sonner'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { Textarea } from '@/components/ui/textarea'
import { useSendContactMessage, type ContactMessage } from './api/send-contact-message'

const EMPTY: ContactMessage = { name: '', email: '', phone: '', subject: '', message: '' }
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

export function ContactForm() {
  const [values, setValues] = useState<ContactMessage>(EMPTY)
  // Spam guard: a field people never see; bots that fill every input give themselves away.
  const [trap, setTrap] = useState('')
  const [invalid, setInvalid] = useState<Partial<Record<keyof ContactMessage, boolean>>>({})
  const send = useSendContactMessage()

  const update = (field: keyof ContactMessage) => (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    setValues((current) => ({ ...current, [field]: event.target.value }))
    setInvalid((current) => ({ ...current, [field]: false }))
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (send.isPending) return
    const trimmed = {
      name: values.name.trim(),
      email: values.email.trim(),
      phone: values.phone.trim(),
      subject: values.subject.trim(),
      message: values.message.trim(),
    }
    const missing = { name: !trimmed.name, email: !trimmed.email, message: !trimmed.message }
    if (missing.name || missing.email || missing.message) {
      setInvalid(missing)
      toast.error('Form Tidak Lengkap', { description: 'Mohon lengkapi nama, email, dan pesan.' })
      return
    }
    if (!EMAIL.test(trimmed.email)) {
      setInvalid({ email: true })
      toast.error('Email Tidak Valid', { description: 'Mohon periksa kembali alamat email Anda.' })
      return
    }
    const succeed = () => {
      toast.success('Pesan Terkirim!', {
        description: 'Terima kasih telah menghubungi kami. Pesan Anda telah kami terima.',
      })
      setValues(EMPTY)
      setInvalid({})
    }
    if (trap) {
      succeed()
      return
    }
    send.mutate(trimmed, {
      onSuccess: succeed,
      onError: (error) => {
        toast.error('Gagal Mengirim Pesan', { description: `Terjadi kesalahan: ${error.message}` })
      },
    })
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5" aria-label="Formulir kontak">
      <div className="grid gap-5 sm:grid-cols-2">
        <div className="space-y-2">
          <Label htmlFor="contact-name">
            Nama Lengkap <span aria-hidden="true" className="text-destructive">*</span>
          </Label>
          <Input id="contact-name" name="name" autoComplete="name" aria-required="true" aria-invalid={invalid.name || undefined} value={values.name} onChange={update('name')} placeholder="Nama Anda" />
        </div>
        <div className="space-y-2">
          <Label htmlFor="contact-email">
            Email <span aria-hidden="true" className="text-destructive">*</span>
          </Label>
          <Input id="contact-email" name="email" type="email" autoComplete="email" aria-required="true" aria-invalid={invalid.email || undefined} value={values.email} onChange={update('email')} placeholder="nama@email.com" />
        </div>
        <div className="space-y-2">
          <Label htmlFor="contact-phone">Nomor Telepon</Label>
          <Input id="contact-phone" name="phone" type="tel" autoComplete="tel" value={values.phone} onChange={update('phone')} placeholder="+62..." />
        </div>
        <div className="space-y-2">
          <Label htmlFor="contact-subject">Subjek</Label>
          <Input id="contact-subject" name="subject" value={values.subject} onChange={update('subject')} placeholder="Perihal pesan" />
        </div>
      </div>
      <div className="space-y-2">
        <Label htmlFor="contact-message">
          Pesan <span aria-hidden="true" className="text-destructive">*</span>
        </Label>
        <Textarea id="contact-message" name="message" rows={6} aria-required="true" aria-invalid={invalid.message || undefined} value={values.message} onChange={update('message')} placeholder="Tulis pesan Anda di sini..." />
      </div>
      <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
        <label htmlFor="contact-website">Jangan isi kolom ini</label>
        <input id="contact-website" name="website" type="text" tabIndex={-1} autoComplete="off" value={trap} onChange={(event) => setTrap(event.target.value)} />
      </div>
      <p className="text-xs text-muted-foreground">
        Kolom bertanda <span className="text-destructive">*</span> wajib diisi.
      </p>
      <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={send.isPending}>
        <Send aria-hidden="true" />
        {send.isPending ? 'Mengirim...' : 'Kirim Pesan'}
      </Button>
    </form>
  )
}
