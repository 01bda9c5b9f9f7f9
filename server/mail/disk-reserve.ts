import type { MailMessage } from './mailer.ts';
import { accountMail } from './templates.ts';

/** Tells the superadmins that the server's disk is nearly full and what the site refuses meanwhile. */
export function diskReserveMail(input: { to: string; siteName: string; dashboardUrl: string; freeMb: number; reserveMb: number }): MailMessage {
  return accountMail({
    to: input.to,
    subject: `Ruang disk server hampir penuh (${input.siteName})`,
    intro: `Ruang kosong pada disk server ${input.siteName} tinggal ${input.freeMb} MB, di bawah cadangan ${input.reserveMb} MB yang disisihkan agar basis data tetap dapat menulis. Sampai ruang dikosongkan, unggahan foto dan gambar baru ditolak; halaman dan artikel tetap tampil.`,
    action: { link: input.dashboardUrl, label: 'Buka Dashboard', lead: 'Ruang kosong terkini tampil di dashboard' },
    notes: ['Kosongkan ruang disk (misalnya cadangan lama di BACKUP_DIR) atau perbesar disk. Situs kembali menerima unggahan dengan sendirinya setelah ruang tersedia.'],
    footer: 'E-mail ini dikirim sekali setiap kali ruang disk turun di bawah cadangan.',
  });
}
