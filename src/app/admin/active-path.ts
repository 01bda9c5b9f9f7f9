/** Active by path prefix, so /admin/users/anything still marks Manajemen Pengguna. */
export function isActivePath(pathname: string, itemPath: string) {
  return pathname === itemPath || pathname.startsWith(`${itemPath}/`)
}
