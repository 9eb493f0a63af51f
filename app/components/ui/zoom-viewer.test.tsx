import { setupI18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { act, cleanup, render } from "@testing-library/react";
import { afterEach, expect, test, vi } from "vitest";
import ZoomViewer from "./zoom-viewer.tsx";

// What matters here is when the viewer makes its zoom, not Panzoom's own work (a journey's).
const panzoom = vi.hoisted(() =>
  vi.fn(() => ({ getScale: () => 1, destroy: vi.fn(), zoom: vi.fn(), reset: vi.fn() })),
);
vi.mock("@panzoom/panzoom", () => ({ default: panzoom }));

afterEach(cleanup);

test("a catalog that arrives while the viewer is open keeps the visitor's zoom", () => {
  HTMLDialogElement.prototype.showModal ??= vi.fn();
  const i18n = setupI18n({ locale: "en", messages: { en: {} } });
  render(
    <I18nProvider i18n={i18n}>
      <ZoomViewer
        picture={{
          shown: "/still.jpg",
          full: "/still-full.jpg",
          width: 1920,
          height: 1080,
          alt: "The harbour",
        }}
        onClose={() => {}}
      />
    </I18nProvider>,
  );
  expect(panzoom).toHaveBeenCalledTimes(1);

  // Another part of the page loads its words (the viewer's own came with it, or a toast's).
  act(() => i18n.load("en", { other: "Other" }));
  expect(panzoom).toHaveBeenCalledTimes(1);
});
