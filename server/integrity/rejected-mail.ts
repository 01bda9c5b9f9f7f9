import type { MailMessage } from '../mail/mailer.ts';
import { paths } from '../../src/lib/paths.ts';
import { escapeHtml } from './mail.ts';

export interface RejectedItem {
  table_name: string;
  label: string;
  reasons: string[];
  /** The public version stayed (an edit of something public), rather than a draft that never appeared. */
  was_public: boolean;
}

const NOUN: Record<string, string> = {
  articles: 'artikel', unit_texts: 'teks profil', info_pages: 'halaman informasi', unit_posts: 'entri struktur', past_commanders: 'entri komandan terdahulu',
  galleries: 'galeri', gallery_photos: 'keterangan foto galeri', public_documents: 'dokumen',
};

// where the writer finds the item again, by the admin page's name
const PAGE: Record<string, [path: string, name: string]> = {
  articles: [paths.admin.content, 'Manajemen Konten'],
  galleries: [paths.admin.gallery, 'Galeri'],
  gallery_photos: [paths.admin.gallery, 'Galeri'],
  public_documents: [paths.admin.documents, 'Dokumen'],
};

// the tables whose held new rows are kept as drafts rather than left out
const DRAFTS: Record<string, string> = {
  articles: 'Artikel itu tidak terbit dan tetap tersimpan sebagai draf.',
  public_documents: 'Dokumen itu tidak terbit dan tetap tersimpan sebagai draf.',
};

/**
 * Tells the writer that a superadmin rejected their held save, why it was held, and what readers
 * see now. The held text is not quoted (it may carry the spam); its reasons name hosts as text.
 */
export function rejectedMail(input: { to: string; name: string | null; siteName: string; siteUrl: string; item: RejectedItem }): MailMessage {
  const { item } = input;
  const noun = NOUN[item.table_name] ?? 'isi';
  const [page, pageName] = PAGE[item.table_name] ?? [paths.admin.unitPages, 'Halaman Satuan'];
  const url = `${input.siteUrl}${page}`;
  const outcome = item.was_public
    ? 'Perubahan itu tidak diterbitkan; versi yang tampil di situs tetap seperti sebelumnya.'
    : DRAFTS[item.table_name] ?? 'Isi itu tidak ditambahkan ke situs.';
  const lines = [
    `Halo ${input.name || 'Rekan'},`, '',
    `Superadmin ${input.siteName} menolak ${noun} "${item.label}" yang Anda simpan dan yang ditahan untuk ditinjau.`,
    outcome, '',
    'Alasan penahanan:', ...item.reasons.map((reason) => `- ${reason}`), '',
    `Bila isinya memang benar, perbaiki atau hapus bagian yang disebut lalu simpan kembali, atau hubungi superadmin. Buka: ${url}`,
  ];
  const html = `<!doctype html>
<html lang="id"><body style="font-family:Arial,Helvetica,sans-serif;color:#1f2937;line-height:1.5">
<p>Halo ${escapeHtml(input.name || 'Rekan')},</p>
<p>Superadmin ${escapeHtml(input.siteName)} menolak ${noun} &quot;${escapeHtml(item.label)}&quot; yang Anda simpan dan yang ditahan untuk ditinjau. ${escapeHtml(outcome)}</p>
<p><strong>Alasan penahanan:</strong></p>
<ul>${item.reasons.map((reason) => `<li>${escapeHtml(reason)}</li>`).join('')}</ul>
<p>Bila isinya memang benar, perbaiki atau hapus bagian yang disebut lalu simpan kembali, atau hubungi superadmin.</p>
<p><a href="${escapeHtml(url)}">Buka ${pageName}</a></p>
</body></html>
`;
  return { to: input.to, subject: `Ditolak: ${noun} "${item.label}" tidak diterbitkan`, text: lines.join('\n'), html };
}
