import { useEffect } from 'react'
import { useNavigate } from 'react-router'
import { paths } from '@/lib/paths'
import { getProfileStatus } from './api/get-profile-status'
import { useAuth } from './use-auth'

/**
 * /login for someone already signed in with an approved account: straight to the dashboard. A
 * pending or rejected account, or a status that cannot be read, keeps the form (the sign-in
 * flow explains why).
 */
export function useLeaveWhenSignedIn(enabled: boolean) {
  const { session, loading } = useAuth()
  const navigate = useNavigate()
  const userId = session?.user.id
  useEffect(() => {
    if (!enabled || loading || !userId) return
    let current = true
    getProfileStatus(userId).then(
      (status) => {
        if (current && status === 'approved') void navigate(paths.admin.dashboard, { replace: true })
      },
      () => {},
    )
    return () => {
      current = false
    }
  }, [enabled, loading, userId, navigate])
}
