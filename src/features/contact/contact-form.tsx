import { useRef, useState, type ChangeEvent, type FormEvent } from 'react'
import { useSearchParams } from 'react-router'
import { Send } from 'lucide-react'
import { toast } from '@/lib/toast'
import { SubmitButton } from '@/components/ui/submit-button'
import { Field } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { Textarea } from '@/components/ui/textarea'
import { focusFirstInvalid } from '@/components/ui/save-error'
import { paths } from '@/lib/paths'
import { useKeepTypedValues } from '@/lib/posted-form'
import { useContactRefusal } from './api/contact-outcome'
import { SENT_PARAM } from './api/sent-param'
import { loadContactCheck, useSendContactMessage, type ContactErrors, type ContactMessage } from './api/send-contact-message'

const EMPTY: ContactMessage = { name: '', email: '', phone: '', subject: '', message: '' }

function Required({ children }: { children: string }) {
  return (
    <>
      {children} <span aria-hidden="true" className="text-destructive">*</span>
    </>
  )
}

type Notice = { tone: 'success' | 'error'; title: string; description?: string }

const SENT: Notice = {
  tone: 'success',
  title: 'Pesan Terkirim!',
  description: 'Terima kasih telah menghubungi kami. Pesan Anda telah kami terima.',
}

/**
 * The form works before and without JavaScript: it posts to the site server, which checks and
 * sends it like the app does and answers with this page (the refusal's texts and values filled
 * in) or, once sent, /kontak?terkirim=1. Once the app runs it sends through the API itself.
 */
export function ContactForm() {
  const refusal = useContactRefusal()
  const [searchParams] = useSearchParams()
  const [values, setValues] = useState<ContactMessage>(refusal?.values ?? EMPTY)
  // Spam guard: a field people never see; bots that fill every input give themselves away.
  const [trap, setTrap] = useState('')
  const [errors, setErrors] = useState<ContactErrors>(refusal?.errors ?? {})
  const [notice, setNotice] = useState<Notice | null>(() =>
    refusal ? { tone: 'error', ...refusal.toast } : searchParams.get(SENT_PARAM) ? SENT : null,
  )
  const send = useSendContactMessage()
  const form = useRef<HTMLFormElement>(null)

  // What was typed before the app took over the form is kept.
  useKeepTypedValues(form, setValues)

  const update = (field: keyof ContactMessage) => (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    setValues((current) => ({ ...current, [field]: event.target.value }))
    setErrors((current) => ({ ...current, [field]: undefined }))
  }

  const [checking, setChecking] = useState(false)
  const busy = checking || send.isPending

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (busy) return
    setNotice(null)
    setChecking(true)
    const check = await loadContactCheck()
      .then((checkContactMessage) => checkContactMessage(values))
      .catch((error: Error) => {
        toast.error('Gagal Mengirim Pesan', { description: `Terjadi kesalahan: ${error.message}` })
        return null
      })
      .finally(() => setChecking(false))
    if (!check) return
    if (!check.ok) {
      setErrors(check.errors)
      // the button was disabled while checking: focus goes to what needs fixing
      focusFirstInvalid(form.current)
      toast.error(check.toast.title, { description: check.toast.description })
      return
    }
    const succeed = () => {
      toast.success('Pesan Terkirim!', {
        description: 'Terima kasih telah menghubungi kami. Pesan Anda telah kami terima.',
      })
      setValues(EMPTY)
      setErrors({})
    }
    if (trap) {
      succeed()
      return
    }
    send.mutate(check.data, {
      onSuccess: succeed,
      onError: (error) => {
        toast.error('Gagal Mengirim Pesan', { description: `Terjadi kesalahan: ${error.message}` })
      },
    })
  }

  return (
    <form ref={form} method="post" action={paths.contact} onSubmit={onSubmit} noValidate className="space-y-5" aria-label="Formulir kontak">
      {notice && (
        <div
          role={notice.tone === 'error' ? 'alert' : 'status'}
          data-testid="contact-notice"
          className={
            notice.tone === 'error'
              ? 'rounded-lg border border-destructive/40 bg-destructive/10 px-4 py-3 text-sm text-foreground'
              : 'rounded-lg border border-army/30 bg-army/10 px-4 py-3 text-sm text-foreground'
          }
        >
          <p className="font-bold">{notice.title}</p>
          {notice.description && <p className="mt-1">{notice.description}</p>}
        </div>
      )}
      <fieldset className="space-y-5">
        <div className="grid gap-5 sm:grid-cols-2">
          <Field id="contact-name" label={<Required>Nama Lengkap</Required>} error={errors.name}>
            {(control) => (
              <Input {...control} name="name" autoComplete="name" aria-required="true" value={values.name} onChange={update('name')} placeholder="Nama Anda" />
            )}
          </Field>
          <Field id="contact-email" label={<Required>Email</Required>} error={errors.email}>
            {(control) => (
              <Input {...control} name="email" type="email" autoComplete="email" aria-required="true" value={values.email} onChange={update('email')} placeholder="nama@email.com" />
            )}
          </Field>
          <Field id="contact-phone" label="Nomor Telepon" error={errors.phone}>
            {(control) => (
              <Input {...control} name="phone" type="tel" autoComplete="tel" value={values.phone} onChange={update('phone')} placeholder="+62..." />
            )}
          </Field>
          <Field id="contact-subject" label="Subjek" error={errors.subject}>
            {(control) => <Input {...control} name="subject" value={values.subject} onChange={update('subject')} placeholder="Perihal pesan" />}
          </Field>
        </div>
        <Field id="contact-message" label={<Required>Pesan</Required>} error={errors.message}>
          {(control) => (
            <Textarea {...control} name="message" rows={6} aria-required="true" value={values.message} onChange={update('message')} placeholder="Tulis pesan Anda di sini..." />
          )}
        </Field>
        <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
          <label htmlFor="contact-website">Jangan isi kolom ini</label>
          <input id="contact-website" name="website" type="text" tabIndex={-1} autoComplete="off" value={trap} onChange={(event) => setTrap(event.target.value)} />
        </div>
        <p className="text-xs text-muted-foreground">
          Kolom bertanda <span className="text-destructive">*</span> wajib diisi.
        </p>
        <SubmitButton size="lg" className="w-full sm:w-auto" pending={send.isPending} disabled={busy} pendingLabel="Mengirim..." icon={Send}>
          Kirim Pesan
        </SubmitButton>
      </fieldset>
    </form>
  )
}
