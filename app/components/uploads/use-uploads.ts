import { useCallback, useEffect, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { classifyFile, type UploadKind } from "#app/features/uploads/upload-limits.ts";
import type { OpenUpload } from "#app/features/uploads/uploads-api.ts";
import {
  abortUpload,
  type FailReason,
  listOpenUploads,
  UploadError,
  uploadFile,
} from "./upload-file.ts";

type UploadStatus = "preparing" | "uploading" | "done" | "failed" | "canceled";

export type UploadRow = {
  key: string;
  file: File;
  kind: UploadKind | null;
  status: UploadStatus;
  sent: number;
  speed: number;
  preview?: string;
  locationRemoved: boolean;
  mayNotPlay: boolean;
  resumed: boolean;
  failReason?: FailReason;
  mediaId?: string;
  // Picked on its own, its row takes its texts and publishes it; a batch stays drafts.
  single: boolean;
  saved?: "draft" | "published";
};

const SPEED_WINDOW_MS = 3000;
let rowCounter = 0;

export function useUploads() {
  const [rows, setRows] = useState<UploadRow[]>([]);
  const [unfinished, setUnfinished] = useState<OpenUpload[]>([]);
  const running = useRef(new Map<string, { controller: AbortController; uploadId?: string }>());
  const revalidator = useRevalidator();

  const update = useCallback((key: string, change: Partial<UploadRow>) => {
    setRows((all) => all.map((row) => (row.key === key ? { ...row, ...change } : row)));
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    listOpenUploads(controller.signal)
      .then(setUnfinished)
      .catch(() => undefined);
    return () => controller.abort();
  }, []);

  const previews = useRef<string[]>([]);
  useEffect(() => {
    const urls = previews.current;
    return () => {
      for (const url of urls) URL.revokeObjectURL(url);
    };
  }, []);

  const start = useCallback(
    (key: string, file: File) => {
      const controller = new AbortController();
      const entry: { controller: AbortController; uploadId?: string } = { controller };
      running.current.set(key, entry);
      const samples: Array<[number, number]> = [];
      update(key, { status: "preparing", sent: 0, speed: 0, failReason: undefined });
      uploadFile(file, controller.signal, {
        onPrepared(prepared) {
          const preview = URL.createObjectURL(prepared.preview);
          previews.current.push(preview);
          update(key, {
            preview,
            locationRemoved: prepared.locationRemoved,
            mayNotPlay: prepared.mayNotPlay,
          });
        },
        onUploadId(id, resumed) {
          entry.uploadId = id;
          setUnfinished((open) => open.filter((upload) => upload.id !== id));
          update(key, { status: "uploading", resumed });
        },
        onProgress(sent) {
          const now = performance.now();
          samples.push([now, sent]);
          while (samples.length > 2 && now - (samples[0]?.[0] ?? now) > SPEED_WINDOW_MS)
            samples.shift();
          const [since, from] = samples[0] ?? [now, sent];
          const speed = now > since ? ((sent - from) * 1000) / (now - since) : 0;
          update(key, { sent, speed });
        },
      })
        .then((mediaId) => {
          update(key, { status: "done", sent: file.size, mediaId });
          void revalidator.revalidate();
        })
        .catch((error: unknown) => {
          if (controller.signal.aborted) return;
          const failReason = error instanceof UploadError ? error.reason : "failed";
          update(key, { status: "failed", failReason });
        })
        .finally(() => running.current.delete(key));
    },
    [update, revalidator],
  );

  const add = useCallback(
    (picked: Iterable<File>) => {
      const files = [...picked];
      const added: UploadRow[] = files.map((file) => ({
        key: `upload-${++rowCounter}`,
        file,
        kind: classifyFile(file.name)?.kind ?? null,
        status: "preparing",
        sent: 0,
        speed: 0,
        locationRemoved: false,
        mayNotPlay: false,
        resumed: false,
        single: files.length === 1,
      }));
      const stays = (row: UploadRow) => row.status !== "done" || (row.single && !row.saved);
      setRows((all) => [...all.filter(stays), ...added]);
      for (const row of added) start(row.key, row.file);
    },
    [start],
  );

  const cancel = useCallback(
    (key: string) => {
      const entry = running.current.get(key);
      if (!entry) return;
      entry.controller.abort();
      if (entry.uploadId) void abortUpload(entry.uploadId);
      update(key, { status: "canceled", speed: 0 });
    },
    [update],
  );

  const retry = useCallback(
    (key: string) => {
      const row = rows.find((candidate) => candidate.key === key);
      if (row) start(key, row.file);
    },
    [rows, start],
  );

  const saved = useCallback(
    (key: string, status: "draft" | "published") => {
      update(key, { saved: status });
      // Its type may have changed the dashboard's totals.
      void revalidator.revalidate();
    },
    [update, revalidator],
  );

  const remove = useCallback((key: string) => {
    setRows((all) => all.filter((row) => row.key !== key));
  }, []);

  const discard = useCallback(async (id: string) => {
    await abortUpload(id);
    setUnfinished((open) => open.filter((candidate) => candidate.id !== id));
  }, []);

  return { rows, unfinished, add, cancel, retry, remove, saved, discard };
}
