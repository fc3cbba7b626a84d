// Page-wide toasts; the shell renders one ToastViewport at the top right (spec).
// The stack stays short: a toast equal to one on screen is not stacked again (that one counts the
// repeat and starts its time again), and past MAX_TOASTS the oldest goes.
import { createStore, useStore } from 'zustand';

export type ToastKind = 'info' | 'success' | 'error';

export interface Toast {
  id: number;
  kind: ToastKind;
  title: string;
  message?: string;
  /** How many times this toast was shown while on screen (1 the first time). */
  count: number;
}

export type ToastRequest = Omit<Toast, 'id' | 'count'> & { durationMs?: number };

export interface ToastState {
  toasts: Toast[];
  show(toast: ToastRequest): number;
  dismiss(id: number): void;
}

export const DEFAULT_TOAST_MS = 5000;
export const MAX_TOASTS = 3;

/** A message that starts by repeating the title ("Failed to save: Failed to save: …") shows only what it adds. */
function messageBeyondTitle(title: string, message: string | undefined): string | undefined {
  if (!message) return undefined;
  const rest = message.startsWith(`${title}: `) ? message.slice(title.length + 2) : message === title ? '' : message;
  return rest.trim() || undefined;
}

export function createToastStore() {
  let nextId = 1;
  const timers = new Map<number, ReturnType<typeof setTimeout>>();
  const clearTimer = (id: number) => {
    clearTimeout(timers.get(id));
    timers.delete(id);
  };
  return createStore<ToastState>()((set, get) => {
    const dismiss = (id: number) => {
      clearTimer(id);
      set({ toasts: get().toasts.filter((toast) => toast.id !== id) });
    };
    return {
      toasts: [],
      show: ({ durationMs = DEFAULT_TOAST_MS, kind, title, message }) => {
        const text = messageBeyondTitle(title, message);
        const same = get().toasts.find((toast) => toast.kind === kind && toast.title === title && toast.message === text);
        const toast: Toast = same ? { ...same, count: same.count + 1 } : { id: nextId++, kind, title, ...(text ? { message: text } : {}), count: 1 };
        const others = get().toasts.filter((t) => t.id !== toast.id);
        const dropped = others.slice(0, Math.max(0, others.length + 1 - MAX_TOASTS));
        for (const old of dropped) clearTimer(old.id);
        set({ toasts: [...others.slice(dropped.length), toast] });
        clearTimer(toast.id);
        if (durationMs > 0) timers.set(toast.id, setTimeout(() => dismiss(toast.id), durationMs));
        return toast.id;
      },
      dismiss,
    };
  });
}

export const toastStore = createToastStore();

export const showToast = (toast: ToastRequest): number => toastStore.getState().show(toast);

export function useToasts(): Toast[] {
  return useStore(toastStore, (state) => state.toasts);
}
