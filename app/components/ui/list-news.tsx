import { Plural } from "@lingui/react/macro";
import { type ReactNode, useEffect, useRef, useState } from "react";

// The key makes the same words a new node, said again.
type News = { shown: number; key: number };

// What a filtered list that grows says (ADR 008); `list` names its filters, null until loaded.
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
    // Only a focus dropped on the page: one the visitor moved stays put.
    const first = items[request.from];
    if (!nextCursor && first && document.activeElement === document.body) focusItem(first.id);
  }, [list, nextCursor]);

  return {
    news,
    askedMore() {
      if (nextCursor) asked.current = { from: items.length, cursor: nextCursor };
    },
  };
}

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
  return <Plural value={shown} one="# result shown" other="# results shown" />;
}
