import {
  createContext,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useContext,
  useState,
} from "react";

const TOAST_LIMIT = 5;
export const TOAST_DURATION_MS = 5000;
const TOAST_REMOVE_DELAY_MS = 200;
export const TOAST_SWIPE_THRESHOLD_PX = 50;

export type ToastVariant = "success" | "info" | "warning" | "error";
type ToastAction = { label: string; onSelect: () => void };
export type ToastItem = {
  id: number;
  title: string;
  description?: string;
  variant: ToastVariant;
  action?: ToastAction;
  open: boolean;
};
type ShowToast = (toast: {
  title: string;
  description?: string;
  variant?: ToastVariant;
  action?: ToastAction;
}) => void;

const ToastContext = createContext<ShowToast | null>(null);

export function useToast(): ShowToast {
  const show = useContext(ToastContext);
  if (!show) throw new Error("useToast needs <Toaster>");
  return show;
}

// Most visits raise no toast: the Radix renderer loads with the first.
const ToastList = lazy(() => import("./toast-list.tsx"));

let nextId = 0;

export function Toaster({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ToastItem[]>([]);

  const show = useCallback<ShowToast>(({ title, description, variant = "info", action }) => {
    nextId += 1;
    const toast = { id: nextId, title, description, variant, action, open: true };
    setToasts((current) => [...current, toast].slice(-TOAST_LIMIT));
  }, []);

  const close = useCallback((id: number) => {
    setToasts((current) => current.map((t) => (t.id === id ? { ...t, open: false } : t)));
    setTimeout(
      () => setToasts((current) => current.filter((t) => t.id !== id)),
      TOAST_REMOVE_DELAY_MS,
    );
  }, []);

  return (
    <ToastContext value={show}>
      {children}
      {toasts.length > 0 ? (
        <Suspense fallback={null}>
          <ToastList toasts={toasts} onClose={close} />
        </Suspense>
      ) : null}
    </ToastContext>
  );
}
