import { setupI18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { act, cleanup, render, screen, waitFor } from "@testing-library/react";
import { useState } from "react";
import { createRoutesStub } from "react-router";
import { afterEach, beforeAll, beforeEach, expect, test, vi } from "vitest";
import { Toaster } from "#app/components/ui/toaster.tsx";
import type { AdminMediaItem } from "#app/features/gallery/media-fields.ts";
import { adminTestItem } from "#test/support/admin-test-item.ts";
import { keepEdit, readKeptEdit } from "./kept-edit.ts";
import { type ContentManagerProps, useContentManager } from "./use-content-manager.ts";

/** The owner's API as the browser meets it, over a small library; `down` answers 503. */
let library: AdminMediaItem[];
let down: boolean;
let requests: string[];
let dashboardReads: number;

// The toasts' renderer loads with the first toast; its first transform took over findByText's
// second on a busy machine, so it is loaded before the tests, which are about the notices.
beforeAll(() => import("#app/components/ui/toast-list.tsx"));

beforeEach(() => {
  library = [adminTestItem("a1"), adminTestItem("a2"), adminTestItem("a3")];
  down = false;
  requests = [];
  dashboardReads = 0;
  sessionStorage.clear();
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? "GET";
      const { pathname } = new URL(url, "http://localhost");
      requests.push(`${method} ${pathname}`);
      if (down) return Response.json({ error: { code: "unavailable" } }, { status: 503 });
      const id = pathname.split("/")[4];
      const item = library.find((other) => other.id === id);
      if (!id && method === "GET") return Response.json({ items: library, nextCursor: null });
      if (!item) return Response.json({ error: { code: "not_found" } }, { status: 404 });
      if (method === "GET") return Response.json(item);
      if (method === "DELETE") {
        library = library.filter((other) => other !== item);
        return Response.json({ deleted: id });
      }
      Object.assign(item, JSON.parse(String(init.body)));
      return Response.json(item);
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

let manager: ReturnType<typeof useContentManager>;
let changedElsewhere: () => void;

let props: ContentManagerProps;

function Dashboard() {
  const [listChanged, setListChanged] = useState(0);
  changedElsewhere = () => setListChanged((n) => n + 1);
  manager = useContentManager({ ...props, listChanged });
  return (
    <ul>
      {manager.list.items.map((item) => (
        <li key={item.id}>{`${manager.nameOf(item)}: ${item.status}`}</li>
      ))}
    </ul>
  );
}

/** The dashboard's route; its loader (the totals) counts its reads. */
const Stub = createRoutesStub([
  {
    path: "/en/admin",
    Component: Dashboard,
    loader: () => ++dashboardReads,
    HydrateFallback: () => null,
  },
]);

function openDashboard(given: ContentManagerProps = {}) {
  props = given;
  const i18n = setupI18n({ locale: "en", messages: { en: {} } });
  render(
    <I18nProvider i18n={i18n}>
      <Toaster>
        <Stub initialEntries={["/en/admin"]} />
      </Toaster>
    </I18nProvider>,
  );
  return screen.findByText("Title a1: published");
}

const item = (id: string) => manager.list.items.find((shown) => shown.id === id) as AdminMediaItem;

test("a row's change is sent and shown; a new type reads the dashboard's totals again", async () => {
  await openDashboard();
  const readsBefore = dashboardReads;
  await act(() => manager.change(item("a2"), { status: "hidden" }));
  expect(requests.at(-1)).toBe("PATCH /api/admin/media/a2");
  await screen.findByText("Title a2: hidden");
  await screen.findByText("Successfully updated");
  expect(dashboardReads).toBe(readsBefore);

  await act(() => manager.change(item("a2"), { type: "video" }));
  await waitFor(() => expect(dashboardReads).toBe(readsBefore + 1));
});

test("Delete waits for the confirmation, then the row leaves and the totals are read again", async () => {
  await openDashboard();
  const readsBefore = dashboardReads;
  act(() => manager.askDelete(item("a2")));
  expect(manager.deleting?.id).toBe("a2");
  expect(requests.filter((request) => request.startsWith("DELETE"))).toEqual([]);

  await act(() => manager.remove(item("a2")));
  expect(requests.at(-1)).toBe("DELETE /api/admin/media/a2");
  expect(screen.queryByText("Title a2: published")).toBeNull();
  await screen.findByText("Successfully deleted");
  await waitFor(() => expect(dashboardReads).toBe(readsBefore + 1));
});

test("a delete that fails leaves the row and says so", async () => {
  await openDashboard();
  down = true;
  await act(() => manager.remove(item("a2")));
  await screen.findByText("Deletion failed");
  expect(screen.getByText("Title a2: published")).toBeTruthy();
});

test("an item handed over to edit (a finished upload) is read and opens in the editor", async () => {
  const onEditOpened = vi.fn();
  await openDashboard({ toEdit: "a3", onEditOpened });
  await waitFor(() => expect(manager.editing?.item.id).toBe("a3"));
  expect(onEditOpened).toHaveBeenCalledOnce();
  expect(requests).toContain("GET /api/admin/media/a3");
});

test("saving an item the list has not loaded reads the list again", async () => {
  await openDashboard();
  const readsBefore = dashboardReads;
  const draft = adminTestItem("a4", { status: "draft" });
  library.push(draft);
  act(() => manager.saved(draft));
  await screen.findByText("Title a4: draft");
  expect(manager.editing).toBeNull();
  await waitFor(() => expect(dashboardReads).toBe(readsBefore + 1));
});

test("back from the login, the editor opens again with the changes a save could not send", async () => {
  keepEdit({ id: "a1", changes: { titleEn: "Storm over Malcesine" } });
  await openDashboard();
  await waitFor(() =>
    expect(manager.editing).toMatchObject({
      item: { id: "a1" },
      kept: { titleEn: "Storm over Malcesine" },
    }),
  );
});

test("changes kept for an item deleted meanwhile are let go", async () => {
  keepEdit({ id: "gone", changes: { titleEn: "Storm over Malcesine" } });
  await openDashboard();
  await waitFor(() => expect(readKeptEdit()).toBeNull());
  expect(manager.editing).toBeNull();
});

test("changes that cannot be reopened stay kept, and the owner is told", async () => {
  keepEdit({ id: "a1", changes: { titleEn: "Storm over Malcesine" } });
  down = true;
  void openDashboard().catch(() => undefined);
  await screen.findByText("Your unsaved changes could not be reopened");
  expect(readKeptEdit()).toEqual({ id: "a1", changes: { titleEn: "Storm over Malcesine" } });
  expect(manager.editing).toBeNull();
});

test("a change made elsewhere on the page (an upload published) reads the list again", async () => {
  await openDashboard();
  library.unshift(adminTestItem("a0"));
  act(() => changedElsewhere());
  await screen.findByText("Title a0: published");
});
