import { Plural } from "@lingui/react/macro";
import { type ReactNode, useEffect, useRef, useState } from "react";

/** How many items the list shows; the key makes the same words a new node, said again. */
type News = { shown: number; key: number };

/**
 * A list that changes with its search and filters and grows with "Show more" (the gallery, the
 * owner's content list): its polite status region says how many items a new list or a new page
 * leaves on show, never what was there on arrival. When the last page takes the Show more
 * button away with the focus, the focus goes on to the first item that page brought.
 *
 * `list` names the search and filters of the items shown (null until the first are in);
 * `focusItem` focuses an item's first control.
 */
export function useListNews({
  list,
  items,
  found = items.length,
  nextCursor,
  focusItem,
}: {
  list: string | null;
  items: { id: string }[];
  found?: number;
  nextCursor: string | null;
  focusItem: (id: string) => void;
}) {
  const [news, setNews] = useState<News | null>(null);
  const said = useRef(list);
  const asked = useRef<{ from: number; cursor: string } | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new list or a new page, once.
  useEffect(() => {
    const say = () => setNews((last) => ({ shown: found, key: (last?.key ?? 0) + 1 }));
    if (list !== said.current) {
      const arrived = said.current === null;
      said.current = list;
      asked.current = null;
      if (!arrived) say();
      return;
    }
    const request = asked.current;
    if (!request || nextCursor === request.cursor) return;
    asked.current = null;
    say();
    // Only a focus the vanished button dropped on the page: one the visitor moved stays put.
    const first = items[request.from];
    if (!nextCursor && first && document.activeElement === document.body) focusItem(first.id);
  }, [list, nextCursor]);

  return {
    news,
    /** Call as "Show more" asks for the next page. */
    askedMore() {
      if (nextCursor) asked.current = { from: items.length, cursor: nextCursor };
    },
  };
}

/** The list's status region; `children`, when there are any, say something else instead. */
export function ListNews({
  news,
  children,
  className,
}: {
  news: News | null;
  children?: ReactNode;
  className?: string;
}) {
  return (
    <p role="status" className={className}>
      {children ??
        (news ? (
          <span key={news.key} className="sr-only">
            <Words news={news} />
          </span>
        ) : null)}
    </p>
  );
}

function Words({ news }: { news: News }) {
  const { shown } = news;
  // "0 results shown" for an empty list too: its visible "No results found" stays the only one.
  return <Plural value={shown} one="# result shown" other="# results shown" />;
}
