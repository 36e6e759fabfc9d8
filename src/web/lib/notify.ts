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
 * How long a toast lives: "app" (the default) until it times out, wherever the person goes; "page" only while the
 * person stays on the page that raised it. A step's confirmation ("Response submitted") is "page": once the person
 * has moved on it describes a screen they have left, and would only sit over the next one (issue 35).
 */
type ToastScope = "app" | "page";
interface ToastOptions {
  scope?: ToastScope;
}

/** The page-scoped toasts on screen, by sonner id, with the path of the page that raised each. */
const pageToasts = new Map<string | number, string>();
let nextId = 0;

/**
 * Shows a toast once sonner is loaded and listening. Meanwhile `<html data-toast-pending>` says one is on its way
 * (what an accessibility check waits for, so it never measures a toast half faded in). A page-scoped toast whose
 * page was left while sonner loaded is not shown at all.
 */
type Raise = (toast: typeof SonnerToast, ids: { id: string; onDismiss?: () => void; onAutoClose?: () => void }) => void;

async function show(raise: Raise, { scope = "app" }: ToastOptions = {}): Promise<void> {
  if (!wanted) {
    wanted = true;
    for (const listener of listeners) listener();
  }
  const id = `toast-${++nextId}`;
  const raisedOn = window.location.pathname;
  pending++;
  document.documentElement.dataset.toastPending = "";
  try {
    const [{ toast }] = await Promise.all([import("sonner"), mounted]);
    if (scope === "app") return raise(toast, { id });
    if (window.location.pathname !== raisedOn) return;
    const forget = () => void pageToasts.delete(id);
    pageToasts.set(id, raisedOn);
    raise(toast, { id, onDismiss: forget, onAutoClose: forget });
  } catch {
    // Its code could not be fetched (see root.tsx): the toast is lost, never the page.
  } finally {
    if (--pending === 0) delete document.documentElement.dataset.toastPending;
  }
}

/** Called by the root's Toaster on every navigation: dismisses the page-scoped toasts of any other page. */
export function dismissToastsOfOtherPages(pathname: string): void {
  const leftBehind = [...pageToasts].filter(([, raisedOn]) => raisedOn !== pathname).map(([id]) => id);
  if (leftBehind.length === 0) return;
  for (const id of leftBehind) pageToasts.delete(id);
  // Only reached once a toast was shown, so sonner is already loaded: this import resolves from the module cache.
  void import("sonner").then(({ toast }) => leftBehind.forEach((id) => toast.dismiss(id)));
}

export const notifyError = (title: string, description: string, options?: ToastOptions) =>
  void show((toast, ids) => toast.error(title, { description, ...ids }), options);
export const notifySuccess = (title: string, description: string, options?: ToastOptions) =>
  void show((toast, ids) => toast.success(title, { description, ...ids }), options);
/** A plain toast, no check mark and no colour: for news that is not a success (a death reported, say). */
export const notifyNeutral = (title: string, description: string, options?: ToastOptions) =>
  void show((toast, ids) => toast.message(title, { description, ...ids }), options);
