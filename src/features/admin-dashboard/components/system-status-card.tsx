import { useEffect } from 'react'
import { CheckCircle2, Database, HardDrive, ShieldCheck } from 'lucide-react'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { useDiskUsedPercent } from '../api/get-disk-share'

/** Above this share in use the storage line turns from green to red, as the disk card does below its reserve. */
const NEARLY_FULL = 90

/** SPEC.md's 'Status Sistem' card; its storage line is the disk's real share in use. */
export function SystemStatusCard() {
  const disk = useDiskUsedPercent()
  useEffect(() => {
    // SPEC section 8: dashboard load errors are only logged.
    if (disk.error) console.error('Gagal memuat penggunaan penyimpanan:', disk.error)
  }, [disk.error])

  const share = disk.data
  const storage = disk.isPending ? 'Memuat...' : typeof share === 'number' ? `${share}% Penuh` : 'Belum diukur'
  const lines = [
    { label: 'Website', value: 'Online', icon: CheckCircle2, alarm: false },
    { label: 'Database', value: 'Terhubung', icon: Database, alarm: false },
    { label: 'Penyimpanan', value: storage, icon: HardDrive, alarm: typeof share === 'number' && share >= NEARLY_FULL },
    { label: 'Sistem Keamanan', value: 'Aktif', icon: ShieldCheck, alarm: false },
  ]
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Status Sistem</h2>
        </CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="space-y-3 text-sm">
          {lines.map(({ label, value, icon: Icon, alarm }) => (
            <li key={label} className="flex items-center gap-3">
              <Icon className={`size-5 ${alarm ? 'text-red-700' : 'text-emerald-700'}`} aria-hidden="true" />
              <span>
                {label}: <span className={`font-semibold ${alarm ? 'text-red-700' : ''}`}>{value}</span>
              </span>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  )
}
