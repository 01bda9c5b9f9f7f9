import type { ExternalToast, toast as sonnerToast } from 'sonner'

type SonnerToast = typeof sonnerToast
type Title = Parameters<SonnerToast>[0]

// sonner and its Toaster (~14 kB gz) load with the first toast, not with every public page:
// most visits never show one. Calls made while it loads are replayed in order once the
// Toaster listens.
let host: Promise<SonnerToast> | undefined

/** Loads sonner and mounts the one Toaster (idempotent); resolves once it receives toasts. */
export function mountToaster(): Promise<SonnerToast> {
  host ??= import('./toaster-host').then((module) => module.mountToasterHost())
  return host
}

function later(call: (toast: SonnerToast) => unknown) {
  void mountToaster().then(call)
}

/** The app's toasts (SPEC section 9), same calls as sonner's `toast`. */
export const toast = Object.assign((title: Title, data?: ExternalToast) => later((t) => t(title, data)), {
  success: (title: Title, data?: ExternalToast) => later((t) => t.success(title, data)),
  error: (title: Title, data?: ExternalToast) => later((t) => t.error(title, data)),
  info: (title: Title, data?: ExternalToast) => later((t) => t.info(title, data)),
  dismiss: (id?: string | number) => later((t) => t.dismiss(id)),
})
