// Page-wide toasts; the shell renders one ToastViewport at the top right (spec).
import { createStore, useStore } from 'zustand';

export type ToastKind = 'info' | 'success' | 'error';

export interface Toast {
  id: number;
  kind: ToastKind;
  title: string;
  message?: string;
}

export interface ToastState {
  toasts: Toast[];
  show(toast: Omit<Toast, 'id'> & { durationMs?: number }): number;
  dismiss(id: number): void;
}

export const DEFAULT_TOAST_MS = 5000;

export function createToastStore() {
  let nextId = 1;
  return createStore<ToastState>()((set, get) => ({
    toasts: [],
    show: ({ durationMs = DEFAULT_TOAST_MS, ...toast }) => {
      const id = nextId++;
      set({ toasts: [...get().toasts, { id, ...toast }] });
      if (durationMs > 0) setTimeout(() => get().dismiss(id), durationMs);
      return id;
    },
    dismiss: (id) => set({ toasts: get().toasts.filter((toast) => toast.id !== id) }),
  }));
}

export const toastStore = createToastStore();

export const showToast = (toast: Parameters<ToastState['show']>[0]): number => toastStore.getState().show(toast);

export function useToasts(): Toast[] {
  return useStore(toastStore, (state) => state.toasts);
}
