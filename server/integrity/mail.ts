import type { MailMessage } from '../mail/mailer.ts';

export interface HeldItem {
  table_name: string;
  label: string;
  reasons: string[];
}

export interface OpenFinding {
  kind: string;
  subject: string;
  detail: string;
}

const NOUN: Record<string, string> = {
  articles: 'Artikel', unit_texts: 'Teks profil', info_pages: 'Halaman informasi', unit_posts: 'Struktur', past_commanders: 'Komandan',
  galleries: 'Galeri', gallery_photos: 'Foto galeri', public_documents: 'Dokumen',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);
}

/**
 * One mail for everything new: what waits for a decision and what the watch found. Links in the
 * held text are never written out as links: the mail names them as text, so the mail itself
 * cannot carry the spam.
 */
export function integrityMail(input: { to: string; siteName: string; url: string; holds: HeldItem[]; findings: OpenFinding[] }): MailMessage {
  const { holds, findings } = input;
  const parts = [
    holds.length > 0 ? `${holds.length} isi ditahan untuk ditinjau` : '',
    findings.length > 0 ? `${findings.length} temuan baru` : '',
  ].filter(Boolean).join(', ');
  const heldLines = holds.map((h) => `${NOUN[h.table_name] ?? h.table_name} "${h.label}": ${h.reasons.join('; ')}`);
  const findingLines = findings.map((f) => `${f.subject}: ${f.detail}`);
  const text = [
    'Halo,', '',
    `Integritas Situs ${input.siteName}: ${parts}.`, '',
    ...(heldLines.length > 0 ? ['Ditahan untuk ditinjau:', ...heldLines.map((l) => `- ${l}`), ''] : []),
    ...(findingLines.length > 0 ? ['Temuan pemantauan:', ...findingLines.map((l) => `- ${l}`), ''] : []),
    `Tinjau, rilis atau tolak di: ${input.url}`, '',
    'E-mail ini dikirim ke semua superadmin. Jika Anda tidak mengenali perubahan ini, segera ganti password akun staf dan periksa Riwayat Aktivitas.',
  ].join('\n');
  const list = (lines: string[]) => `<ul>${lines.map((l) => `<li>${escapeHtml(l)}</li>`).join('')}</ul>`;
  const html = `<!doctype html>
<html lang="id"><body style="font-family:Arial,Helvetica,sans-serif;color:#1f2937;line-height:1.5">
<p>Halo,</p>
<p>Integritas Situs ${escapeHtml(input.siteName)}: ${escapeHtml(parts)}.</p>
${heldLines.length > 0 ? `<p><strong>Ditahan untuk ditinjau:</strong></p>${list(heldLines)}` : ''}
${findingLines.length > 0 ? `<p><strong>Temuan pemantauan:</strong></p>${list(findingLines)}` : ''}
<p><a href="${escapeHtml(input.url)}">Buka Integritas Situs</a></p>
<p style="color:#6b7280">E-mail ini dikirim ke semua superadmin. Jika Anda tidak mengenali perubahan ini, segera ganti password akun staf dan periksa Riwayat Aktivitas.</p>
</body></html>
`;
  return { to: input.to, subject: `Integritas Situs: ${parts}`, text, html };
}
