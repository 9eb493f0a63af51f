// catalog: gallery

import { useLingui } from "@lingui/react/macro";
import { useEffect, useRef, useState } from "react";
import type { PublicMediaItem } from "#app/features/gallery/gallery-api.ts";
import PlayIcon from "~icons/mdi/play-circle";

// Arrived on from a shared link, a film waits for Play (ADR 018).
export function VideoPlayer({
  item,
  autoPlay,
  onPlay,
  describedBy,
}: {
  item: PublicMediaItem;
  autoPlay: boolean;
  onPlay: () => void;
  /** The visible line that says what the film shows (WCAG 1.2.1's text alternative). */
  describedBy: string;
}) {
  const { t } = useLingui();
  const [started, setStarted] = useState(autoPlay);
  const video = useRef<HTMLVideoElement>(null);
  const asked = started && !autoPlay;
  useEffect(() => {
    if (asked) video.current?.focus();
  }, [asked]);

  const title = item.title;
  if (!started) {
    return (
      <button
        type="button"
        onClick={() => setStarted(true)}
        aria-describedby={describedBy}
        className="relative block w-full"
      >
        <span className="sr-only">{t`Play: ${title}`}</span>
        <img
          src={item.thumbnailUrl}
          width={item.width}
          height={item.height}
          alt=""
          fetchPriority="high"
          className="mx-auto max-h-[70dvh] w-full object-contain"
        />
        <span className="absolute inset-0 flex items-center justify-center">
          <PlayIcon className="size-16 text-white/90 drop-shadow" />
        </span>
      </button>
    );
  }
  return (
    // biome-ignore lint/a11y/useMediaCaption: the camera records no speech to caption
    <video
      ref={video}
      src={item.fileUrl}
      poster={item.thumbnailUrl}
      width={item.width}
      height={item.height}
      aria-describedby={describedBy}
      controls
      autoPlay
      playsInline
      preload="metadata"
      onPlay={onPlay}
      className="mx-auto max-h-[70dvh] w-full"
    />
  );
}
