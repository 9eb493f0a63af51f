import { setupI18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, expect, test, vi } from "vitest";
import type { FailReason } from "./upload-file.ts";
import { UploadRow } from "./upload-row.tsx";
import type { UploadRow as Row } from "./use-uploads.ts";

afterEach(cleanup);

const actions = {
  onCancel: vi.fn(),
  onRetry: vi.fn(),
  onRemove: vi.fn(),
  onEdit: vi.fn(),
  onSaved: vi.fn(),
};

function renderRow(change: Partial<Row>, size = 31_412) {
  const file = new File([], "Punta San Vigilio.jpg", { type: "image/jpeg" });
  // The row shows only the size: 150 MB need not be allocated (it took seconds on a busy host).
  Object.defineProperty(file, "size", { value: size });
  const row: Row = {
    key: "upload-1",
    file,
    kind: "photo",
    status: "uploading",
    sent: 0,
    speed: 0,
    locationRemoved: false,
    mayNotPlay: false,
    resumed: false,
    single: false,
    ...change,
  };
  const i18n = setupI18n({ locale: "en", messages: { en: {} } });
  return render(
    <I18nProvider i18n={i18n}>
      <UploadRow row={row} {...actions} />
    </I18nProvider>,
  );
}

test("a small photo's progress reads in kB, a large video's in MB", () => {
  renderRow({ sent: 0 });
  expect(screen.getByRole("progressbar").getAttribute("aria-valuetext")).toBe("0 kB of 31 kB");
  cleanup();
  renderRow({ sent: 52_428_800, speed: 480_000 }, 150_000_000);
  expect(screen.getByText("52.4 MB of 150 MB · 480 kB/s")).toBeDefined();
});

test("a refused file says why and offers Remove, never a Retry that would be refused again", () => {
  const reasons: [FailReason, string][] = [
    ["wrong_type", "Only JPG, JPEG, MP4 and MOV files can be uploaded."],
    ["too_large", "The file is too large: photos up to 50 MB, videos up to 4 GB."],
    ["not_media", "The file is not a JPEG photo or an MP4 or MOV video."],
    ["not_whole", "The file is not complete"],
    ["location_data", "The file still contains location data"],
    ["refused", "The server did not accept this file."],
  ];
  for (const [failReason, words] of reasons) {
    renderRow({ status: "failed", failReason });
    expect(screen.getByText(words, { exact: false }), failReason).toBeDefined();
    expect(screen.queryByRole("button", { name: /Retry/ }), failReason).toBeNull();
    fireEvent.click(
      screen.getByRole("button", { name: "Remove Punta San Vigilio.jpg from the list" }),
    );
    cleanup();
  }
  expect(actions.onRemove).toHaveBeenCalledTimes(reasons.length);
});

test("a failed connection or server is worth another try", () => {
  renderRow({ status: "failed", failReason: "failed" });
  expect(screen.getByText("The connection or the server failed. Try again.")).toBeDefined();
  expect(
    screen.getByRole("button", { name: "Retry the upload of Punta San Vigilio.jpg" }),
  ).toBeDefined();
  expect(screen.queryByRole("button", { name: /Remove/ })).toBeNull();
});
