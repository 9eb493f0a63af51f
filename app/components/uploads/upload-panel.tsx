// catalog: admin

import { useLingui } from "@lingui/react/macro";
import { type DragEvent, useId, useRef, useState } from "react";
import { useFocusAfterRemoval } from "#app/components/admin/focus-after-removal.ts";
import { secondaryButton } from "#app/components/admin/styles.ts";
import { UploadRow } from "./upload-row.tsx";
import { useUploads } from "./use-uploads.ts";

const ACCEPT = ".jpg,.jpeg,.mp4,.mov,image/jpeg,video/mp4,video/quicktime";

export function UploadPanel({
  onEdit,
  onSaved,
}: {
  onEdit: (mediaId: string) => void;
  onSaved: () => void;
}) {
  const { t } = useLingui();
  const inputId = useId();
  const hintId = useId();
  const { rows, unfinished, add, cancel, retry, remove, saved, discard } = useUploads();
  const [dragging, setDragging] = useState(false);
  const picker = useRef<HTMLInputElement>(null);
  const focus = useFocusAfterRemoval((key) => `[data-upload="${key}"] [data-row-action]`, picker);
  const removeRow = (key: string) => {
    const keys = rows.map((row) => row.key);
    focus.removing(keys, keys.indexOf(key));
    remove(key);
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    add(event.dataTransfer.files);
  };

  const running = rows.some((row) => row.status === "preparing" || row.status === "uploading");
  const failed = rows.filter((row) => row.status === "failed").length;
  const done = rows.filter((row) => row.status === "done").length;
  const count = rows.length;
  const summary = running
    ? ""
    : failed > 0
      ? t`Upload failed: ${failed} of ${count} files could not be uploaded.`
      : done > 0
        ? t`Upload successful`
        : "";

  return (
    <div className="mt-4">
      {/* Dropping is a shortcut: the picker inside does the same by keyboard. */}
      <fieldset
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={`block w-full rounded-lg border-2 border-dashed p-6 text-center ${
          dragging
            ? "border-primary-600 bg-primary-50 dark:bg-primary-950"
            : "border-neutral-300 dark:border-neutral-700"
        }`}
      >
        <legend className="float-left w-full font-medium">{t`Drop photos and videos here`}</legend>
        <input
          ref={picker}
          id={inputId}
          type="file"
          multiple
          accept={ACCEPT}
          aria-describedby={hintId}
          className="peer sr-only"
          onChange={(event) => {
            if (event.target.files) add(event.target.files);
            event.target.value = "";
          }}
        />
        <label
          htmlFor={inputId}
          className={`${secondaryButton} mt-3 cursor-pointer peer-focus-visible:outline-2 peer-focus-visible:outline-primary-600`}
        >
          {t`Choose files`}
        </label>
        <p id={hintId} className="mt-3 text-sm text-neutral-600 dark:text-neutral-400">
          {t`JPG, JPEG, MP4 or MOV: photos up to 50 MB, videos up to 4 GB. Visitors get a web version of each photo without its location; the original stays private.`}
        </p>
      </fieldset>

      {unfinished.length > 0 ? (
        <div className="mt-4 rounded-md border border-warning-600 bg-warning-100 p-4 dark:border-warning-800 dark:bg-warning-900">
          <p className="font-medium">{t`Unfinished uploads`}</p>
          <p className="text-sm">{t`Choose the same file again to continue where it stopped.`}</p>
          <ul className="mt-2">
            {unfinished.map(({ id, fileName }) => (
              <li key={id} className="flex flex-wrap items-center justify-between gap-2 py-1">
                <span className="truncate">{fileName}</span>
                <button
                  type="button"
                  className={secondaryButton}
                  onClick={() => void discard(id)}
                  aria-label={t`Discard the unfinished upload of ${fileName}`}
                >
                  {t`Discard`}
                </button>
              </li>
            ))}
          </ul>
        </div>
      ) : null}

      {rows.length > 0 ? (
        <ul ref={focus.list} aria-label={t`Files`} className="mt-4">
          {rows.map((row) => (
            <UploadRow
              key={row.key}
              row={row}
              onCancel={() => cancel(row.key)}
              onRetry={() => retry(row.key)}
              onRemove={() => removeRow(row.key)}
              onSaved={(status) => {
                saved(row.key, status);
                onSaved();
              }}
              onEdit={onEdit}
            />
          ))}
        </ul>
      ) : null}
      <p
        role="status"
        className={`mt-4 font-medium ${failed > 0 ? "text-error-800 dark:text-error-100" : ""}`}
      >
        {summary}
      </p>
    </div>
  );
}
