// catalog: admin

import { useLingui } from "@lingui/react/macro";
import { useEffect, useId, useRef } from "react";
import { useMediaWords } from "#app/components/admin/content/words.ts";
import { secondaryButton } from "#app/components/admin/styles.ts";
import { useLocale } from "#app/components/ui/localized-link.tsx";
import { formatBytes } from "./format-size.ts";
import { UploadDetails } from "./upload-details.tsx";
import type { FailReason } from "./upload-file.ts";
import type { UploadRow as Row } from "./use-uploads.ts";

export function UploadRow({
  row,
  onCancel,
  onRetry,
  onRemove,
  onEdit,
  onSaved,
}: {
  row: Row;
  onCancel: () => void;
  onRetry: () => void;
  onRemove: () => void;
  onEdit: (mediaId: string) => void;
  onSaved: (status: "draft" | "published") => void;
}) {
  const { t } = useLingui();
  const locale = useLocale();
  const words = useMediaWords();
  const nameId = useId();
  // Saved, the details go with the focused button: the row's Edit takes the focus.
  const actionButton = useRef<HTMLButtonElement>(null);
  const focusAction = useRef(false);
  useEffect(() => {
    if (row.saved && focusAction.current) actionButton.current?.focus();
    focusAction.current = false;
  }, [row.saved]);
  const name = row.file.name;
  const total = row.file.size;
  const active = row.status === "preparing" || row.status === "uploading";
  const checking = row.status === "uploading" && row.sent >= total;

  const status = {
    preparing: t`Preparing…`,
    uploading: checking ? t`Checking the file…` : t`Uploading…`,
    done: row.saved === "published" ? words.status.published : t`Upload successful`,
    failed: t`Upload failed`,
    canceled: t`Canceled`,
  }[row.status];
  const reasons: Record<FailReason, string> = {
    wrong_type: t`Only JPG, JPEG, MP4 and MOV files can be uploaded.`,
    too_large: t`The file is too large: photos up to 50 MB, videos up to 4 GB.`,
    not_media: t`The file is not a JPEG photo or an MP4 or MOV video.`,
    not_whole: t`The file is not complete: part of it is missing or damaged. Upload a complete copy.`,
    location_data: t`The file still contains location data that could not be removed here, so it was not published. Remove the location with another app, then upload the file again.`,
    refused: t`The server did not accept this file.`,
    failed: t`The connection or the server failed. Try again.`,
  };
  const reason = row.failReason ? reasons[row.failReason] : null;
  const refused = row.failReason !== undefined && row.failReason !== "failed";
  const stopped = row.status === "failed" || row.status === "canceled";
  // One message with the content list's "Edit “{title}”".
  const title = name;
  const { mediaId } = row;
  const action = active
    ? { label: t`Cancel`, name: t`Cancel the upload of ${name}`, run: onCancel }
    : refused
      ? { label: t`Remove`, name: t`Remove ${name} from the list`, run: onRemove }
      : stopped
        ? { label: t`Retry`, name: t`Retry the upload of ${name}`, run: onRetry }
        : mediaId
          ? { label: t`Edit`, name: t`Edit “${title}”`, run: () => onEdit(mediaId) }
          : null;
  const sent = formatBytes(locale, row.sent);
  const size = formatBytes(locale, total);
  const progressText = t`${sent} of ${size}`;

  return (
    <li
      data-upload={row.key}
      className="flex flex-wrap items-start gap-4 border-b border-neutral-200 py-4 dark:border-neutral-800"
    >
      <div className="size-16 shrink-0 overflow-hidden rounded-md bg-neutral-200 dark:bg-neutral-800">
        {row.preview ? <img src={row.preview} alt="" className="size-full object-cover" /> : null}
      </div>
      <div className="min-w-0 flex-1 basis-56">
        <p id={nameId} className="truncate font-medium">
          {name}
        </p>
        <div
          role="progressbar"
          aria-label={t`Upload progress of ${name}`}
          aria-valuemin={0}
          aria-valuemax={total}
          aria-valuenow={row.sent}
          aria-valuetext={progressText}
          className="mt-2 h-2 overflow-hidden rounded-full bg-neutral-200 dark:bg-neutral-800"
        >
          <div
            className={`h-full ${row.status === "failed" ? "bg-error-600" : "bg-primary-600"}`}
            style={{ width: `${total > 0 ? (100 * row.sent) / total : 0}%` }}
          />
        </div>
        <p className="mt-1 text-sm text-neutral-600 dark:text-neutral-400">
          {progressText}
          {row.status === "uploading" && !checking && row.speed > 0
            ? ` · ${formatBytes(locale, row.speed, { perSecond: true })}`
            : null}
        </p>
        <p
          aria-live="polite"
          className={`text-sm font-medium ${row.status === "failed" ? "text-error-800 dark:text-error-100" : ""}`}
        >
          {status}
          {reason ? <span className="block font-normal">{reason}</span> : null}
        </p>
        <ul className="text-sm text-neutral-600 dark:text-neutral-400">
          {row.resumed ? <li>{t`Continued where it stopped.`}</li> : null}
          {row.locationRemoved ? <li>{t`Location removed.`}</li> : null}
          {row.mayNotPlay ? (
            <li className="text-warning-800 dark:text-warning-100">
              {t`This browser cannot play the video: it may not play in every browser.`}
            </li>
          ) : null}
          {row.saved === "published" ? (
            <li>{t`It is in the gallery now.`}</li>
          ) : row.status === "done" && (!row.single || row.saved === "draft") ? (
            <li>{t`Saved as a draft: use Edit to add its texts and publish it.`}</li>
          ) : null}
        </ul>
      </div>
      {action ? (
        <button
          ref={actionButton}
          type="button"
          data-row-action
          onClick={action.run}
          className={secondaryButton}
          aria-label={action.name}
        >
          {action.label}
        </button>
      ) : null}
      {row.single && row.kind && !row.saved && !refused ? (
        <UploadDetails
          kind={row.kind}
          mediaId={row.mediaId}
          labelledBy={nameId}
          onSaved={(status) => {
            focusAction.current = true;
            onSaved(status);
          }}
        />
      ) : null}
    </li>
  );
}
