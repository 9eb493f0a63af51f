// catalog: gallery

import { useLingui } from "@lingui/react/macro";
import { useEffect, useRef, useState } from "react";
import type { PublicMediaItem } from "#app/features/gallery/media.ts";
import PlayIcon from "~icons/mdi/play-circle";

/**
 * A video or time-lapse in the viewer. Opened from the gallery it plays at once; arrived on (a
 * shared link) it shows its poster and a Play button until asked: browsers refuse to start a
 * film with sound before a click anyway, and a `<video>` with controls costs a phone a long style
 * pass while the page starts (ADR 018).
 */
export function VideoPlayer({
  item,
  autoPlay,
  onPlay,
}: {
  item: PublicMediaItem;
  autoPlay: boolean;
  onPlay: () => void;
}) {
  const { t } = useLingui();
  const [started, setStarted] = useState(autoPlay);
  const video = useRef<HTMLVideoElement>(null);
  // The Play button is gone once pressed: its focus goes on to the film's own controls.
  const asked = started && !autoPlay;
  useEffect(() => {
    if (asked) video.current?.focus();
  }, [asked]);

  const title = item.title;
  if (!started) {
    return (
      <button type="button" onClick={() => setStarted(true)} className="relative block w-full">
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
      controls
      autoPlay
      playsInline
      preload="metadata"
      onPlay={onPlay}
      className="mx-auto max-h-[70dvh] w-full"
    />
  );
}
