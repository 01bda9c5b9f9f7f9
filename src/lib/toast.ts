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

// SPEC section 9 shows one toast at a time: a new one replaces whatever is showing, wherever
// it was placed (sonner counts its one visible toast per screen position).
function replacing(call: (toast: SonnerToast) => unknown) {
  later((t) => {
    t.dismiss()
    return call(t)
  })
}

// A dialog keeps its buttons at the bottom (the phone's thumb zone): over an open one the toast
// shows at the top instead, where it covers neither those buttons nor the dialog's close button.
function placed(data?: ExternalToast): ExternalToast | undefined {
  if (typeof document === 'undefined' || !document.querySelector('[role="dialog"][data-state="open"], [role="alertdialog"][data-state="open"]')) return data
  return { position: 'top-center', ...data }
}

/** The app's toasts (SPEC section 9), same calls as sonner's `toast`. */
export const toast = Object.assign((title: Title, data?: ExternalToast) => replacing((t) => t(title, placed(data))), {
  success: (title: Title, data?: ExternalToast) => replacing((t) => t.success(title, placed(data))),
  error: (title: Title, data?: ExternalToast) => replacing((t) => t.error(title, placed(data))),
  info: (title: Title, data?: ExternalToast) => replacing((t) => t.info(title, placed(data))),
  dismiss: (id?: string | number) => later((t) => t.dismiss(id)),
})
