import { type RefObject, useEffect, useRef, useState } from "react";

// A row that leaves with the focused button hands the focus to the same button in the next row.
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
    removing: (keys: string[], index: number) =>
      setPending({ key: keys[index + 1] ?? keys[index - 1] ?? null }),
  };
}
