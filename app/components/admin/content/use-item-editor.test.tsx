import { setupI18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { act, renderHook } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, beforeEach, expect, test, vi } from "vitest";
import type { AdminMediaItem } from "#app/features/gallery/media-fields.ts";
import { adminTestItem } from "#test/support/admin-test-item.ts";
import { readKeptEdit } from "./kept-edit.ts";
import { useItemEditor } from "./use-item-editor.ts";

type Sent = { method: string; url: string; body: unknown };

let sent: Sent[];
let answer: (request: Sent) => Response;

beforeEach(() => {
  sent = [];
  sessionStorage.clear();
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const request = {
        method: init.method ?? "GET",
        url,
        body: init.body ? JSON.parse(String(init.body)) : undefined,
      };
      sent.push(request);
      return answer(request);
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const i18n = setupI18n({ locale: "en", messages: { en: {} } });
const wrapper = ({ children }: { children: ReactNode }) => (
  <I18nProvider i18n={i18n}>{children}</I18nProvider>
);

function openEditor(item = adminTestItem("a1")) {
  const calls = { closed: 0, saved: [] as AdminMediaItem[], notices: [] as unknown[][] };
  const { result } = renderHook(
    () =>
      useItemEditor({
        item,
        onClose: () => calls.closed++,
        onSaved: (saved) => calls.saved.push(saved),
        notify: (...notice) => calls.notices.push(notice),
      }),
    { wrapper },
  );
  return { editor: () => result.current, calls };
}

test("Save sends only the fields that changed, and hands on the item as saved", async () => {
  answer = ({ body }) => Response.json({ ...adminTestItem("a1"), ...(body as object) });
  const { editor, calls } = openEditor();
  act(() => {
    editor().form.set("titleEn", "Sunrise over Torri");
    editor().form.set("featured", true);
  });
  await act(() => editor().save());

  expect(sent).toEqual([
    {
      method: "PATCH",
      url: "/api/admin/media/a1",
      body: { titleEn: "Sunrise over Torri", featured: true },
    },
  ]);
  expect(calls.saved.map((item) => item.titleEn)).toEqual(["Sunrise over Torri"]);
  expect(calls.notices).toEqual([["updated"]]);
  expect(editor().saving).toBe(false);
});

test("an untouched date keeps its seconds; Save with nothing changed only closes", async () => {
  const { editor, calls } = openEditor();
  await act(() => editor().save());
  expect(sent).toEqual([]);
  expect(calls.closed).toBe(1);

  answer = () => Response.json(adminTestItem("a1"));
  act(() => editor().setTakenAt("2025-06-02T19:05"));
  await act(() => editor().save());
  expect(sent.map(({ body }) => body)).toEqual([
    { takenAt: new Date("2025-06-02T19:05").toISOString() },
  ]);
});

test("a save the ended session refused keeps the changes for after the login", async () => {
  answer = () => Response.json({ error: { code: "unauthorized" } }, { status: 401 });
  const { editor, calls } = openEditor();
  act(() => editor().form.set("source", "Harbour wall"));
  await act(() => editor().save());

  expect(calls.notices).toEqual([["update-failed", true]]);
  expect(calls.saved).toEqual([]);
  expect(readKeptEdit()).toEqual({ id: "a1", changes: { source: "Harbour wall" } });

  answer = ({ body }) => Response.json({ ...adminTestItem("a1"), ...(body as object) });
  await act(() => editor().save());
  expect(readKeptEdit()).toBeNull();
});

test("a translation the ended session refused keeps what was typed", async () => {
  answer = () => Response.json({ error: { code: "unauthorized" } }, { status: 401 });
  const { editor, calls } = openEditor();
  act(() => editor().form.set("descriptionEn", "The harbour at dawn"));
  await act(() => editor().translate());

  expect(sent.map(({ url }) => url)).toEqual(["/api/admin/media/translate"]);
  expect(calls.notices).toEqual([["translation-failed", true]]);
  expect(readKeptEdit()).toEqual({ id: "a1", changes: { descriptionEn: "The harbour at dawn" } });
});

test("a tag too long sends nothing and opens its language, which says why", async () => {
  const { editor, calls } = openEditor();
  act(() => editor().form.setTags("it", `tramonto, ${"x".repeat(41)}`));
  await act(() => editor().save());

  expect(sent).toEqual([]);
  expect(calls.notices).toEqual([]);
  expect(editor().form.badTags).toBe("it");
  expect(editor().form.tab).toBe("it");
});

test("a text Workers AI wrote is marked as automatic until the owner changes it", () => {
  const { editor } = openEditor(
    adminTestItem("a1", {
      descriptionDe: "Boote im Hafen bei Sonnenuntergang",
      altDe: "Der Hafen im Abendlicht",
      machineDescribed: ["descriptionDe", "altDe"],
    }),
  );
  expect(editor().form.described("descriptionDe")).toBe(true);
  expect(editor().form.described("altDe")).toBe(true);
  expect(editor().form.described("descriptionEn")).toBe(false);
  act(() => editor().form.set("descriptionDe", "Boote im Hafen"));
  expect(editor().form.described("descriptionDe")).toBe(false);
  expect(editor().form.described("altDe")).toBe(true);
});
