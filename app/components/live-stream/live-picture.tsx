// catalog: live

import { useLingui } from "@lingui/react/macro";
import { type RefObject, useEffect, useRef, useState } from "react";
import { useLocale } from "#app/components/ui/localized-link.tsx";
import { formatDateTime, formatTime } from "#app/lib/format.ts";
import { useRootData } from "#app/shell/root-data.ts";
import { lakeWallClock } from "#time/lake-time.ts";
import CameraIcon from "~icons/mdi/camera";
import CloseIcon from "~icons/mdi/close";
import DownloadIcon from "~icons/mdi/download";
import ShareIcon from "~icons/mdi/share-variant";

type Picture = { url: string; file: File; time: string };

/** The video's current frame with a band that says where and when, as a JPEG: nothing is sent. */
async function takePicture(video: HTMLVideoElement, caption: string, name: string): Promise<File> {
  const canvas = document.createElement("canvas");
  canvas.width = video.videoWidth;
  canvas.height = video.videoHeight;
  const context = canvas.getContext("2d");
  if (!context) throw new Error("no 2d canvas");
  context.drawImage(video, 0, 0);
  const band = Math.round(canvas.height / 16);
  context.fillStyle = "rgb(0 0 0 / 0.6)";
  context.fillRect(0, canvas.height - band, canvas.width, band);
  context.fillStyle = "white";
  context.font = `${Math.round(band * 0.6)}px system-ui, sans-serif`;
  context.textBaseline = "middle";
  context.fillText(caption, band / 2, canvas.height - band / 2);
  const blob = await new Promise<Blob | null>((resolve) =>
    canvas.toBlob(resolve, "image/jpeg", 0.9),
  );
  if (!blob) throw new Error("no JPEG");
  return new File([blob], name, { type: "image/jpeg" });
}

export function LivePicture({
  video,
  className,
  onAnnounce,
}: {
  video: RefObject<HTMLVideoElement | null>;
  className: string;
  onAnnounce: (text: string) => void;
}) {
  const { t } = useLingui();
  const locale = useLocale();
  const { site } = useRootData();
  const dialog = useRef<HTMLDialogElement>(null);
  const [picture, setPicture] = useState<Picture | null>(null);

  useEffect(() => {
    if (picture) dialog.current?.showModal();
    return () => {
      if (picture) URL.revokeObjectURL(picture.url);
    };
  }, [picture]);

  const take = async () => {
    const element = video.current;
    if (!element?.videoWidth) return;
    const now = Date.now();
    const wallClock = lakeWallClock(now).slice(0, 16);
    const name = `lake-garda-${wallClock.slice(0, 10)}-${wallClock.slice(11).replace(":", "")}.jpg`;
    const file = await takePicture(
      element,
      `${site.cameraLocation} · ${formatDateTime(locale, now)}`,
      name,
    );
    const taken = formatTime(locale, now);
    setPicture({ url: URL.createObjectURL(file), file, time: taken });
    onAnnounce(t`Picture taken at ${taken}`);
  };
  const time = picture?.time ?? "";
  const canShare = picture !== null && navigator.canShare?.({ files: [picture.file] }) === true;
  const action =
    "inline-flex min-h-11 items-center gap-2 rounded-full px-4 py-2 font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-700";

  return (
    <>
      <button type="button" className={className} onClick={() => void take()}>
        <CameraIcon aria-hidden="true" className="size-5" />
        {/* Three buttons share a phone's frame: this one by its icon there. */}
        <span className="max-sm:sr-only">{t`Take picture`}</span>
      </button>
      {picture ? (
        <dialog
          ref={dialog}
          aria-labelledby="live-picture-title"
          onClose={() => setPicture(null)}
          className="m-auto w-[min(36rem,calc(100vw-2rem))] rounded-xl bg-white p-4 text-neutral-900 backdrop:bg-black/60 dark:bg-neutral-900 dark:text-neutral-100"
        >
          <h2 id="live-picture-title" className="text-lg font-semibold">
            {t`Your picture`}
          </h2>
          <img
            src={picture.url}
            alt={t`The harbour at ${time}, live from the camera`}
            className="mt-3 aspect-video w-full rounded-lg object-cover"
          />
          <div className="mt-4 flex flex-wrap justify-end gap-3">
            <a
              href={picture.url}
              download={picture.file.name}
              className={`${action} bg-primary-700 text-white hover:bg-primary-800`}
            >
              <DownloadIcon aria-hidden="true" className="size-5" />
              {t`Download`}
            </a>
            {canShare ? (
              <button
                type="button"
                className={`${action} border border-neutral-300 dark:border-neutral-700`}
                onClick={() =>
                  void navigator.share({ files: [picture.file] }).catch(() => undefined)
                }
              >
                <ShareIcon aria-hidden="true" className="size-5" />
                {t`Share`}
              </button>
            ) : null}
            <button
              type="button"
              className={`${action} border border-neutral-300 dark:border-neutral-700`}
              onClick={() => dialog.current?.close()}
            >
              <CloseIcon aria-hidden="true" className="size-5" />
              {t`Close`}
            </button>
          </div>
        </dialog>
      ) : null}
    </>
  );
}
