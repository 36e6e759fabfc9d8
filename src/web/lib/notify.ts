import type { toast as SonnerToast } from "sonner";

/**
 * The two kinds of toast the spec uses: a title and a description, the error one styled destructive.
 *
 * Toasts are only raised after an action, so sonner (about 9 KB) is not loaded with any page: the first toast asks
 * the root to mount the Toaster (`useToasterWanted`), loads sonner, and shows itself once the Toaster is listening.
 */
let wanted = false;
const listeners = new Set<() => void>();
let markMounted: () => void = () => undefined;
const mounted = new Promise<void>((resolve) => {
  markMounted = resolve;
});

export const toasterWanted = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
  get: () => wanted,
};

/** Called by the root's Toaster once it is mounted and listening. */
export const toasterMounted = () => markMounted();

let pending = 0;

/**
 * Shows a toast once sonner is loaded and listening. Meanwhile `<html data-toast-pending>` says one is on its way
 * (what an accessibility check waits for, so it never measures a toast half faded in).
 */
async function show(raise: (toast: typeof SonnerToast) => void): Promise<void> {
  if (!wanted) {
    wanted = true;
    for (const listener of listeners) listener();
  }
  pending++;
  document.documentElement.dataset.toastPending = "";
  try {
    const [{ toast }] = await Promise.all([import("sonner"), mounted]);
    raise(toast);
  } catch {
    // Its code could not be fetched (see root.tsx): the toast is lost, never the page.
  } finally {
    if (--pending === 0) delete document.documentElement.dataset.toastPending;
  }
}

export const notifyError = (title: string, description: string) => void show((toast) => toast.error(title, { description }));
export const notifySuccess = (title: string, description: string) => void show((toast) => toast.success(title, { description }));
/** A plain toast, no check mark and no colour: for news that is not a success (a death reported, say). */
export const notifyNeutral = (title: string, description: string) => void show((toast) => toast.message(title, { description }));
