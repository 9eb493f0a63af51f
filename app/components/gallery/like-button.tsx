// catalog: gallery

import { useLingui } from "@lingui/react/macro";
import { useEffect, useId, useState } from "react";
import { useLocale } from "#app/components/ui/localized-link.tsx";
import { formatNumber } from "#app/lib/format.ts";
import { readAnswer } from "#app/lib/read-answer.ts";
import HeartIcon from "~icons/mdi/heart";
import HeartOutlineIcon from "~icons/mdi/heart-outline";

const LIKED_KEY = "liked-media";

function readLiked(): string[] {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(LIKED_KEY) ?? "[]");
    return Array.isArray(value) ? value.filter((id) => typeof id === "string") : [];
  } catch {
    return [];
  }
}

// A failed like says so below the button's row (`order-last basis-full`): that row must wrap.
export function LikeButton({
  id,
  likes,
  onLiked,
}: {
  id: string;
  likes: number;
  onLiked?: (likes: number) => void;
}) {
  const { t } = useLingui();
  const locale = useLocale();
  const messageId = useId();
  const [count, setCount] = useState(likes);
  const [liked, setLiked] = useState(false);
  const [failed, setFailed] = useState(false);
  // Again when the count changes: a like in the item view reaches its card.
  useEffect(() => {
    setCount(likes);
    setLiked(readLiked().includes(id));
  }, [id, likes]);

  async function like() {
    setLiked(true);
    setFailed(false);
    const answer = await Promise.all([
      fetch(`/api/media/${id}/like`, { method: "POST" }),
      import("#app/features/gallery/gallery-api.ts"),
    ])
      .then(([response, { likeAnswer }]) => readAnswer(response, likeAnswer))
      .catch(() => null);
    if (!answer?.ok) {
      setLiked(false);
      setFailed(true);
      return;
    }
    setCount(answer.value.likes);
    localStorage.setItem(LIKED_KEY, JSON.stringify([...new Set([...readLiked(), id])]));
    onLiked?.(answer.value.likes);
  }

  const amount = formatNumber(locale, count);
  return (
    <>
      <button
        type="button"
        // aria-disabled, not disabled: a disabled button would drop the keyboard focus.
        onClick={liked ? undefined : like}
        aria-disabled={liked || undefined}
        aria-pressed={liked}
        aria-describedby={failed ? messageId : undefined}
        className="inline-flex items-center justify-center gap-1 rounded-full px-2 py-1 text-sm max-sm:min-h-11 max-sm:min-w-11 text-neutral-700 hover:bg-neutral-100 aria-disabled:cursor-default aria-disabled:hover:bg-transparent dark:text-neutral-300 dark:hover:bg-neutral-800"
      >
        {liked ? (
          <HeartIcon className="size-5 text-error-600" />
        ) : (
          <HeartOutlineIcon className="size-5" />
        )}
        <span className="sr-only">{liked ? t`Liked` : t`Like`}</span>
        {amount}
      </button>
      {/* Always there, so screen readers follow it and read the message when it comes. */}
      <p
        id={messageId}
        aria-live="polite"
        className={
          failed ? "order-last basis-full text-sm text-error-800 dark:text-error-100" : "sr-only"
        }
      >
        {failed ? t`Could not save your like. Please try again.` : ""}
      </p>
    </>
  );
}
