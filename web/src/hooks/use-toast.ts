import { useSyncExternalStore, type ReactNode } from 'react';
import { TOAST_REMOVE_DELAY_MS } from '@/lib/ui-timings';
import type { ToastVariant } from '@/components/ui/toast';

/** docs/SPEC.md §9: one toast at a time; a new one replaces it. */
const TOAST_LIMIT = 1;

/**
 * A small module-level toast store (shadcn's pattern): any code can call toast(), the one <Toaster/> renders.
 * docs/SPEC.md §9: at most TOAST_LIMIT on screen; a dismissed toast leaves the store TOAST_REMOVE_DELAY_MS later.
 */
export interface ToastOptions {
  title?: ReactNode;
  description?: ReactNode;
  variant?: ToastVariant;
}

export interface ToasterToast extends ToastOptions {
  id: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

interface State {
  toasts: ToasterToast[];
}

let memoryState: State = { toasts: [] };
const listeners = new Set<(state: State) => void>();
const removalTimers = new Map<string, ReturnType<typeof setTimeout>>();
let counter = 0;

function setState(next: State) {
  memoryState = next;
  for (const listener of listeners) listener(memoryState);
}

function scheduleRemoval(id: string) {
  if (removalTimers.has(id)) return;
  removalTimers.set(
    id,
    setTimeout(() => {
      removalTimers.delete(id);
      setState({ toasts: memoryState.toasts.filter((t) => t.id !== id) });
    }, TOAST_REMOVE_DELAY_MS),
  );
}

export function dismissToast(id?: string) {
  for (const t of memoryState.toasts) if (id === undefined || t.id === id) scheduleRemoval(t.id);
  setState({ toasts: memoryState.toasts.map((t) => (id === undefined || t.id === id ? { ...t, open: false } : t)) });
}

export function toast(options: ToastOptions): { id: string; dismiss: () => void } {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  const id = String(counter);
  const entry: ToasterToast = {
    ...options,
    id,
    open: true,
    onOpenChange: (open) => {
      if (!open) dismissToast(id);
    },
  };
  setState({ toasts: [entry, ...memoryState.toasts].slice(0, TOAST_LIMIT) });
  return { id, dismiss: () => dismissToast(id) };
}

function subscribe(listener: (state: State) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const snapshot = () => memoryState;

/** The store as React reads it: a toast raised before the first subscriber (a child screen's effect) is seen too. */
export function useToast() {
  const state = useSyncExternalStore(subscribe, snapshot, snapshot);
  return { ...state, toast, dismiss: dismissToast };
}

/** Tests start each case from an empty store. */
export function resetToastsForTests() {
  for (const timer of removalTimers.values()) clearTimeout(timer);
  removalTimers.clear();
  setState({ toasts: [] });
}
