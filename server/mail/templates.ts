import { isPlainName } from '../../src/lib/validation/plain-name.ts';
import type { MailMessage } from './mailer.ts';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);
}

/** "Skadron Udara 31 <no-reply@x>" -> "Skadron Udara 31"; a bare address gives a neutral name. */
export function senderName(mailFrom: string): string {
  const match = /^\s*"?([^"<]+?)"?\s*</.exec(mailFrom);
  return match ? match[1].trim() : 'situs web skadron';
}

interface MailParts {
  to: string;
  subject: string;
  fullName?: string;
  intro: string;
  /** The action link and its button text; the plain-text part lists the bare URL. */
  action: { link: string; label: string; lead: string };
  notes: string[];
  footer: string;
}

/** One layout for every account mail: greeting, a paragraph, a button, notes, a grey footer. */
export function accountMail(parts: MailParts): MailMessage {
  // a name that is not a plain name (one written before the rule) is left out: mail from the unit
  // never carries someone's link or markup in its greeting
  const name = parts.fullName?.trim();
  const greeting = name && isPlainName(name) ? `Halo ${name},` : 'Halo,';
  const text = [greeting, '', `${parts.intro} ${parts.action.lead}:`, '', parts.action.link, '', ...parts.notes.flatMap((n) => [n, '']), parts.footer].join('\n');
  const link = escapeHtml(parts.action.link);
  const html = `<!doctype html>
<html lang="id"><body style="font-family:Arial,Helvetica,sans-serif;color:#1f2937;line-height:1.5">
<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(parts.intro)} ${escapeHtml(parts.action.lead)}:</p>
<p><a href="${link}" style="display:inline-block;padding:10px 18px;background:#14532d;color:#ffffff;text-decoration:none;border-radius:6px">${escapeHtml(parts.action.label)}</a></p>
<p>Atau salin tautan ini ke peramban Anda:<br><a href="${link}">${link}</a></p>
${parts.notes.map((n) => `<p>${escapeHtml(n)}</p>`).join('\n')}
<p style="color:#6b7280">${escapeHtml(parts.footer)}</p>
</body></html>
`;
  return { to: parts.to, subject: parts.subject, text, html };
}

export function confirmationMail(input: { to: string; link: string; siteName: string }): MailMessage {
  return accountMail({
    to: input.to,
    subject: `Konfirmasi pendaftaran akun ${input.siteName}`,
    intro: `Terima kasih telah mendaftar di ${input.siteName}.`,
    action: { link: input.link, label: 'Konfirmasi E-mail', lead: 'Buka tautan berikut untuk mengonfirmasi alamat e-mail Anda' },
    notes: ['Tautan ini berlaku selama 24 jam. Setelah e-mail dikonfirmasi, akun Anda masih perlu disetujui oleh administrator sebelum dapat digunakan.'],
    footer: 'Jika Anda tidak merasa mendaftar, abaikan e-mail ini.',
  });
}

export function recoveryMail(input: { to: string; link: string; siteName: string; fullName?: string; validMinutes: number }): MailMessage {
  return accountMail({
    to: input.to,
    subject: `Atur ulang password akun ${input.siteName}`,
    fullName: input.fullName,
    intro: `Kami menerima permintaan untuk mengatur ulang password akun Anda di ${input.siteName}.`,
    action: { link: input.link, label: 'Atur Password Baru', lead: 'Buka tautan berikut untuk membuat password baru' },
    notes: [`Tautan ini berlaku selama ${input.validMinutes} menit dan hanya dapat digunakan satu kali. Setelah password diganti, semua sesi lain akun Anda akan dikeluarkan.`],
    footer: 'Jika Anda tidak meminta pengaturan ulang password, abaikan e-mail ini; password Anda tidak berubah.',
  });
}

export function approvalMail(input: { to: string; loginUrl: string; siteName: string; fullName?: string }): MailMessage {
  return accountMail({
    to: input.to,
    subject: `Akun ${input.siteName} Anda telah disetujui`,
    fullName: input.fullName,
    intro: `Akun Anda di ${input.siteName} telah disetujui oleh administrator. Sekarang Anda dapat masuk ke Portal Personel.`,
    action: { link: input.loginUrl, label: 'Masuk ke Portal Personel', lead: 'Buka tautan berikut untuk masuk' },
    notes: ['Gunakan alamat e-mail dan password yang Anda daftarkan.'],
    footer: 'Jika Anda tidak merasa mendaftar, hubungi administrator situs.',
  });
}

/**
 * A refusal or suspension. The only free text is the superadmin's reason; no name the member chose
 * is in it, so whoever controls a profile cannot have the site mail their words.
 */
export function accountDecisionMail(input: { to: string; loginUrl: string; siteName: string; kind: 'rejected' | 'suspended'; reason?: string | null }): MailMessage {
  const rejected = input.kind === 'rejected';
  const reason = input.reason?.trim();
  return accountMail({
    to: input.to,
    subject: rejected ? `Pendaftaran akun ${input.siteName} Anda ditolak` : `Akun ${input.siteName} Anda dinonaktifkan`,
    intro: rejected
      ? `Pendaftaran akun Anda di ${input.siteName} ditolak oleh administrator, sehingga akun ini tidak dapat masuk ke Portal Personel.`
      : `Akun Anda di ${input.siteName} dinonaktifkan oleh administrator. Semua sesi telah dikeluarkan dan akun ini tidak dapat masuk ke Portal Personel sampai diaktifkan kembali.`,
    action: { link: input.loginUrl, label: 'Buka Portal Personel', lead: 'Halaman masuk Portal Personel' },
    notes: [reason ? `Alasan dari administrator: ${reason}` : 'Administrator tidak menuliskan alasan.'],
    footer: 'Jika menurut Anda ini keliru, hubungi administrator situs.',
  });
}

export type SecurityEvent = 'password-changed' | 'second-step-added' | 'second-step-removed' | 'second-step-reset' | 'passkey-added' | 'passkey-removed';

const SECURITY_COPY: Record<SecurityEvent, { subject: string; intro: string }> = {
  'password-changed': {
    subject: 'Password akun Anda telah diganti',
    intro: 'Password akun Anda baru saja diganti, dan semua sesi lain telah dikeluarkan.',
  },
  'second-step-added': {
    subject: 'Verifikasi dua langkah diaktifkan',
    intro: 'Verifikasi dua langkah baru saja diaktifkan pada akun Anda. Mulai sekarang, login meminta kode dari aplikasi autentikator.',
  },
  'second-step-removed': {
    subject: 'Verifikasi dua langkah dinonaktifkan',
    intro: 'Verifikasi dua langkah baru saja dinonaktifkan pada akun Anda. Login kini cukup dengan password.',
  },
  'passkey-added': {
    subject: 'Passkey baru ditambahkan',
    intro: 'Sebuah passkey baru saja ditambahkan ke akun Anda. Passkey itu kini dapat dipakai untuk masuk tanpa password.',
  },
  'passkey-removed': {
    subject: 'Passkey dihapus',
    intro: 'Sebuah passkey baru saja dihapus dari akun Anda dan tidak dapat dipakai lagi untuk masuk.',
  },
  'second-step-reset': {
    subject: 'Verifikasi dua langkah diatur ulang oleh administrator',
    intro: 'Administrator baru saja mengatur ulang verifikasi dua langkah akun Anda dan mengeluarkan semua sesinya. Login kini cukup dengan password; aktifkan lagi verifikasi dua langkah setelah masuk.',
  },
};

/** Tells the owner of an account that its password or second step changed, so a stranger's change does not go unnoticed. */
export function securityNoticeMail(input: { to: string; siteName: string; accountUrl: string; event: SecurityEvent }): MailMessage {
  const copy = SECURITY_COPY[input.event];
  return accountMail({
    to: input.to,
    subject: `${copy.subject} (${input.siteName})`,
    intro: copy.intro,
    action: { link: input.accountUrl, label: 'Buka Keamanan Akun', lead: 'Periksa pengaturan keamanan akun Anda di sini' },
    notes: ['Jika ini Anda, tidak ada yang perlu dilakukan.'],
    footer: 'Jika bukan Anda, segera ganti password Anda dan hubungi superadmin situs.',
  });
}
