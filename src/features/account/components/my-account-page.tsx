import { useSearchParams } from 'react-router'
import { Bell, Settings, Shield, User } from 'lucide-react'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs'
import { paths } from '@/lib/paths'
import type { Profile } from '../api/types'
import { ProfileTab } from './profile-tab'
import { SecurityTab } from './security-tab'

const TABS = ['profile', 'security', 'settings', 'notifications'] as const
type Tab = (typeof TABS)[number]
const isTab = (value: string | null): value is Tab => TABS.includes(value as Tab)

type Props = { profile: Profile; email: string; signOutTo: (to: string) => Promise<void> }

function ComingSoon({ title, text }: { title: string; text: string }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>{title}</h2>
        </CardTitle>
      </CardHeader>
      <CardContent>
        <p className="text-sm text-muted-foreground">{text}</p>
      </CardContent>
    </Card>
  )
}

export function MyAccountPage({ profile, email, signOutTo }: Props) {
  const [searchParams, setSearchParams] = useSearchParams()
  const requested = searchParams.get('tab')
  const tab: Tab = isTab(requested) ? requested : 'profile'

  const selectTab = (value: string) => {
    if (!isTab(value)) return
    setSearchParams(
      (prev) => {
        const next = new URLSearchParams(prev)
        next.set('tab', value)
        return next
      },
      { replace: true },
    )
  }

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold sm:text-3xl">Akun Saya</h1>
        <p className="text-sm text-muted-foreground">Kelola profil dan keamanan akun Anda.</p>
      </div>
      <Tabs value={tab} onValueChange={selectTab} className="gap-4">
        <TabsList aria-label="Bagian akun" className="h-auto w-full justify-start sm:w-fit">
          <TabsTrigger value="profile">
            <User aria-hidden="true" />
            Informasi Diri
          </TabsTrigger>
          <TabsTrigger value="security">
            <Shield aria-hidden="true" />
            Keamanan
          </TabsTrigger>
          <TabsTrigger value="settings" disabled>
            <Settings aria-hidden="true" />
            Pengaturan Sistem
          </TabsTrigger>
          <TabsTrigger value="notifications" disabled>
            <Bell aria-hidden="true" />
            Notifikasi
          </TabsTrigger>
        </TabsList>
        <TabsContent value="profile">
          <ProfileTab profile={profile} email={email} />
        </TabsContent>
        <TabsContent value="security">
          <SecurityTab userId={profile.id} onPasswordChanged={() => void signOutTo(paths.login)} />
        </TabsContent>
        <TabsContent value="settings">
          <ComingSoon title="Pengaturan Sistem" text="Pengaturan sistem akan segera hadir." />
        </TabsContent>
        <TabsContent value="notifications">
          <ComingSoon title="Notifikasi" text="Pengaturan notifikasi akan segera hadir." />
        </TabsContent>
      </Tabs>
    </div>
  )
}
