import { type RefObject, useEffect, useRef, useState } from "react";

/**
 * A list whose row leaves with the button that had the focus: the same button in the row
 * that takes its place (the next, else the previous) gets the focus, else `fallback`.
 * `button` is that button's selector in a row; `list` goes on the list.
 */
export function useFocusAfterRemoval(
  button: (key: string) => string,
  fallback: RefObject<HTMLElement | null>,
) {
  const list = useRef<HTMLUListElement>(null);
  const [pending, setPending] = useState<{ key: string | null } | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per removal.
  useEffect(() => {
    if (!pending) return;
    const next = pending.key ? list.current?.querySelector<HTMLElement>(button(pending.key)) : null;
    (next ?? fallback.current)?.focus();
    setPending(null);
  }, [pending]);
  return {
    list,
    /** Call as the row `keys[index]` leaves. */
    removing: (keys: string[], index: number) =>
      setPending({ key: keys[index + 1] ?? keys[index - 1] ?? null }),
  };
}
