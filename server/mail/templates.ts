import type { MailMessage } from './mailer.ts';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);
}

/** "Skadron Udara 31 <no-reply@x>" -> "Skadron Udara 31"; a bare address gives a neutral name. */
export function senderName(mailFrom: string): string {
  const match = /^\s*"?([^"<]+?)"?\s*</.exec(mailFrom);
  return match ? match[1].trim() : 'situs web skadron';
}

export function confirmationMail(input: { to: string; link: string; siteName: string; fullName?: string }): MailMessage {
  const greeting = input.fullName ? `Halo ${input.fullName},` : 'Halo,';
  const subject = `Konfirmasi pendaftaran akun ${input.siteName}`;
  const text = [
    greeting,
    '',
    `Terima kasih telah mendaftar di ${input.siteName}. Buka tautan berikut untuk mengonfirmasi alamat e-mail Anda:`,
    '',
    input.link,
    '',
    'Tautan ini berlaku selama 24 jam. Setelah e-mail dikonfirmasi, akun Anda masih perlu disetujui oleh administrator sebelum dapat digunakan.',
    '',
    'Jika Anda tidak merasa mendaftar, abaikan e-mail ini.',
  ].join('\n');
  const link = escapeHtml(input.link);
  const html = `<!doctype html>
<html lang="id"><body style="font-family:Arial,Helvetica,sans-serif;color:#1f2937;line-height:1.5">
<p>${escapeHtml(greeting)}</p>
<p>Terima kasih telah mendaftar di ${escapeHtml(input.siteName)}. Klik tombol berikut untuk mengonfirmasi alamat e-mail Anda:</p>
<p><a href="${link}" style="display:inline-block;padding:10px 18px;background:#14532d;color:#ffffff;text-decoration:none;border-radius:6px">Konfirmasi E-mail</a></p>
<p>Atau salin tautan ini ke peramban Anda:<br><a href="${link}">${link}</a></p>
<p>Tautan ini berlaku selama 24 jam. Setelah e-mail dikonfirmasi, akun Anda masih perlu disetujui oleh administrator sebelum dapat digunakan.</p>
<p style="color:#6b7280">Jika Anda tidak merasa mendaftar, abaikan e-mail ini.</p>
</body></html>
`;
  return { to: input.to, subject, text, html };
}
