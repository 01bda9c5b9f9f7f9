import type { MailMessage } from './mailer.ts';
import { accountMail } from './templates.ts';

/**
 * Tells the owner that strangers are guessing the account's password, that new devices must wait
 * for now, and how to get in anyway: a device used before, or a recovery link.
 */
export function signInFloodMail(input: { to: string; siteName: string; loginUrl: string; waitMinutes: number }): MailMessage {
  return accountMail({
    to: input.to,
    subject: `Banyak percobaan login gagal pada akun Anda (${input.siteName})`,
    intro: `Ada banyak percobaan login dengan password yang salah pada akun Anda di ${input.siteName}, dari perangkat yang belum pernah dipakai untuk masuk. Selama sekitar ${input.waitMinutes} menit, login dengan password dari perangkat baru ditahan. Perangkat yang pernah Anda pakai untuk masuk tetap dapat digunakan seperti biasa.`,
    action: { link: input.loginUrl, label: 'Buka Halaman Login', lead: 'Halaman login Portal Personel' },
    notes: [
      'Jika Anda harus masuk dari perangkat baru sekarang, pilih "Lupa password?" di halaman login: tautan yang dikirim ke e-mail ini tetap berfungsi.',
    ],
    footer: 'Jika password Anda mudah ditebak atau dipakai juga di tempat lain, segera ganti setelah masuk.',
  });
}
