import type { ComponentProps } from "react";
import { type To, useHref, useLinkClickHandler } from "react-router";

type Props = Omit<ComponentProps<"a">, "href" | "onClick"> & {
  to: To | null;
};

// At the range's end, the same element without an address: plain text would drop the focus.
export function RangeLink({ to, ...props }: Props) {
  const href = useHref(to ?? ".");
  const navigate = useLinkClickHandler(to ?? ".", { preventScrollReset: true });
  if (!to) return <a {...props} role="link" aria-disabled="true" tabIndex={0} />;
  return <a {...props} href={href} onClick={navigate} />;
}
