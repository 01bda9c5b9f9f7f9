import type { MailMessage } from './mailer.ts';
import { accountMail } from './templates.ts';

/**
 * Mail that carries a one-time code beside its link (GoTrue's magic link, invite, email change
 * and reauthentication mails), in the same layout as the site's other account mail. No name the
 * recipient typed is in them: the address is not proven yet when most of them are sent.
 */
interface CodeMailInput {
  to: string;
  link: string;
  code: string;
  siteName: string;
  validMinutes: number;
}

function codeNote(code: string, validMinutes: number): string {
  const span = validMinutes >= 60 ? `${validMinutes / 60} jam` : `${validMinutes} menit`;
  return `Atau masukkan kode berikut: ${code}. Tautan dan kode ini berlaku selama ${span} dan hanya dapat digunakan satu kali.`;
}

export function magicLinkMail(input: CodeMailInput): MailMessage {
  return accountMail({
    to: input.to,
    subject: `Tautan masuk ke ${input.siteName}`,
    intro: `Kami menerima permintaan untuk masuk ke ${input.siteName} tanpa password.`,
    action: { link: input.link, label: 'Masuk', lead: 'Buka tautan berikut untuk masuk' },
    notes: [codeNote(input.code, input.validMinutes)],
    footer: 'Jika Anda tidak meminta tautan ini, abaikan e-mail ini; akun Anda tetap aman.',
  });
}

export function signupCodeMail(input: CodeMailInput): MailMessage {
  return accountMail({
    to: input.to,
    subject: `Konfirmasi pendaftaran akun ${input.siteName}`,
    intro: `Terima kasih telah mendaftar di ${input.siteName}.`,
    action: { link: input.link, label: 'Konfirmasi E-mail', lead: 'Buka tautan berikut untuk mengonfirmasi alamat e-mail Anda' },
    notes: [
      codeNote(input.code, input.validMinutes),
      'Setelah e-mail dikonfirmasi, akun Anda masih perlu disetujui oleh administrator sebelum dapat digunakan.',
    ],
    footer: 'Jika Anda tidak merasa mendaftar, abaikan e-mail ini.',
  });
}

export function inviteMail(input: CodeMailInput): MailMessage {
  return accountMail({
    to: input.to,
    subject: `Undangan bergabung dengan ${input.siteName}`,
    intro: `Anda diundang untuk membuat akun di ${input.siteName}.`,
    action: { link: input.link, label: 'Terima Undangan', lead: 'Buka tautan berikut untuk menerima undangan dan membuat password' },
    notes: [
      codeNote(input.code, input.validMinutes),
      'Setelah undangan diterima, akun Anda masih perlu disetujui oleh administrator sebelum dapat digunakan.',
    ],
    footer: 'Jika Anda tidak mengenal pengirim undangan ini, abaikan e-mail ini.',
  });
}

export function emailChangeMail(input: CodeMailInput & { newEmail: string }): MailMessage {
  return accountMail({
    to: input.to,
    subject: `Konfirmasi perubahan alamat e-mail akun ${input.siteName}`,
    intro: `Kami menerima permintaan untuk mengganti alamat e-mail akun Anda di ${input.siteName} menjadi ${input.newEmail}.`,
    action: { link: input.link, label: 'Konfirmasi Perubahan', lead: 'Buka tautan berikut untuk mengonfirmasi perubahan ini' },
    notes: [codeNote(input.code, input.validMinutes)],
    footer: 'Jika Anda tidak meminta perubahan ini, abaikan e-mail ini dan hubungi administrator situs.',
  });
}

/** The nonce a password change may ask for: a code only, typed into the page that asked for it. */
export function reauthenticationMail(input: { to: string; code: string; siteName: string; validMinutes: number }): MailMessage {
  const text = [
    'Halo,',
    '',
    `Kode verifikasi untuk mengganti password akun Anda di ${input.siteName}: ${input.code}`,
    '',
    `Kode ini berlaku selama ${input.validMinutes} menit dan hanya dapat digunakan satu kali.`,
    '',
    'Jika Anda tidak sedang mengganti password, segera ganti password Anda dan hubungi superadmin situs.',
  ].join('\n');
  const html = `<!doctype html>
<html lang="id"><body style="font-family:Arial,Helvetica,sans-serif;color:#1f2937;line-height:1.5">
<p>Halo,</p>
<p>Kode verifikasi untuk mengganti password akun Anda:</p>
<p style="font-size:24px;font-weight:bold;letter-spacing:4px">${input.code}</p>
<p>Kode ini berlaku selama ${input.validMinutes} menit dan hanya dapat digunakan satu kali.</p>
<p style="color:#6b7280">Jika Anda tidak sedang mengganti password, segera ganti password Anda dan hubungi superadmin situs.</p>
</body></html>
`;
  return { to: input.to, subject: `Kode verifikasi ${input.siteName}`, text, html };
}
