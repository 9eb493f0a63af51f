import type { ComponentProps } from "react";
import { type To, useHref, useLinkClickHandler } from "react-router";

type Props = Omit<ComponentProps<"a">, "href" | "onClick"> & {
  /** Where it leads; null at the end of the archive's range. */
  to: To | null;
};

/**
 * A step or month link of the archive. At the end of the range it stays in place as the same
 * element, unavailable and going nowhere: in place of it, plain text would drop the focus of a
 * visitor who reached the end with that link. Unavailable, it has no address (a link with one
 * still goes somewhere, whatever aria-disabled says), so it keeps its role and focus by hand.
 */
export function RangeLink({ to, ...props }: Props) {
  // Hooks run on every render: an unavailable link resolves its own page, unused.
  const href = useHref(to ?? ".");
  const navigate = useLinkClickHandler(to ?? ".", { preventScrollReset: true });
  if (!to) return <a {...props} role="link" aria-disabled="true" tabIndex={0} />;
  return <a {...props} href={href} onClick={navigate} />;
}
