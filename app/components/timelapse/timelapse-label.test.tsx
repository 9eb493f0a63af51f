import { setupI18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { act, render } from "@testing-library/react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, expect, test, vi } from "vitest";
import { TimelapseLabel } from "./timelapse-label.tsx";

// 23:59:50 at the lake (CET), and a film of the day before.
const renderedAt = Date.parse("2026-11-23T22:59:50Z");
const takenAt = "2026-11-22T12:00:00.000Z";

function Label() {
  const i18n = setupI18n({ locale: "en", messages: { en: {} } });
  return (
    <I18nProvider i18n={i18n}>
      <TimelapseLabel takenAt={takenAt} durationSeconds={8} renderedAt={renderedAt} />
    </I18nProvider>
  );
}

afterEach(() => {
  vi.useRealTimers();
  delete document.documentElement.dataset.hydrated;
  document.body.innerHTML = "";
});

test("a page rendered before the lake's midnight and hydrated after it keeps its label, without a mismatch", async () => {
  vi.useFakeTimers({ now: renderedAt, toFake: ["Date"] });
  const html = renderToString(<Label />);
  expect(html).toContain("Yesterday");

  vi.setSystemTime(renderedAt + 20_000);
  const container = document.createElement("span");
  container.innerHTML = html;
  document.body.appendChild(container);
  const mismatches: unknown[] = [];
  await act(async () => {
    hydrateRoot(container, <Label />, { onRecoverableError: (error) => mismatches.push(error) });
  });
  expect(mismatches).toEqual([]);
  expect(container.textContent).toBe("Yesterday in 8 seconds");
});

test("drawn in the browser after hydration, the label follows the visitor's day", () => {
  vi.useFakeTimers({ now: renderedAt + 20_000, toFake: ["Date"] });
  document.documentElement.dataset.hydrated = "";
  const { container } = render(<Label />);
  expect(container.textContent).toMatch(/^\S.* in 8 seconds$/);
  expect(container.textContent).not.toContain("Yesterday");
});
