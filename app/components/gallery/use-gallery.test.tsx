import { setupI18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { useEffect } from "react";
import {
  createRoutesStub,
  Link,
  type LoaderFunctionArgs,
  useLoaderData,
  useLocation,
  useNavigate,
} from "react-router";
import { afterEach, expect, test } from "vitest";
import type { PublicMediaItem } from "#app/features/gallery/gallery-api.ts";
import type { GalleryParams } from "#app/features/gallery/media.ts";
import { actOnceShown } from "#test/support/dom-waits.ts";
import { testItem } from "#test/support/gallery-test-item.ts";
import { type GalleryData, useGallery } from "./use-gallery.ts";
import type { GalleryPage, PageUnread } from "./use-gallery-pages.ts";

afterEach(() => {
  cleanup();
  delete document.documentElement.dataset.hydrated;
  for (const link of document.head.querySelectorAll("link[rel=preload]")) link.remove();
});

const PAGE_SIZE = 24;
const featured = [testItem("f1", "image"), testItem("f2", "video")];
const library = Array.from({ length: 30 }, (_, i) => testItem(`p${i}`, "image"));
const params: GalleryParams = { type: "all", q: "", sort: "newest" };

let unreadPages: number;
let pageReads = 0;

/** The gallery route's data; `?cursor=` reads as its clientMiddleware answers them. */
async function loader({ request, params: route }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const start = Number(url.searchParams.get("cursor") ?? 0);
  const end = start + PAGE_SIZE;
  const page: GalleryPage = {
    items: library.slice(start, end),
    nextCursor: end < library.length ? String(end) : null,
  };
  if (url.searchParams.has("cursor")) {
    return unreadPages-- > 0 ? ({ unread: true } satisfies PageUnread) : page;
  }
  pageReads += 1;
  const item = route.id
    ? ([...featured, ...library].find((i) => i.id === route.id) ?? testItem(route.id, "image"))
    : null;
  return { ...page, params, featured, item } satisfies GalleryData;
}

function Viewer({
  item,
  gallery,
}: {
  item: PublicMediaItem;
  gallery: ReturnType<typeof useGallery>;
}) {
  const { returnFocus, recount } = gallery;
  useEffect(() => () => returnFocus(item.id), [item.id, returnFocus]);
  // As the media viewer does: what the item's read says reaches its card.
  useEffect(() => recount(item.id, { views: item.views, likes: item.likes }), [item, recount]);
  return (
    <div role="dialog" aria-label={`Viewing ${item.id}`}>
      <p>{`Likes ${item.likes}`}</p>
      <button type="button" onClick={() => recount(item.id, { likes: item.likes + 1 })}>
        Like
      </button>
      {gallery.previous ? (
        <button type="button" onClick={gallery.previous}>
          Previous
        </button>
      ) : null}
      {gallery.next ? (
        <button type="button" onClick={gallery.next}>
          Next
        </button>
      ) : null}
      <button type="button" onClick={gallery.close}>
        Close
      </button>
    </div>
  );
}

function Gallery() {
  const data = useLoaderData<typeof loader>();
  if ("unread" in data || !("params" in data)) throw new Error("a page read reached the page");
  const gallery = useGallery(data);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const card = (item: PublicMediaItem, list: "featured" | "items", place: number) => (
    <li key={item.id}>
      <Link
        to={`/en/gallery/${item.id}`}
        data-media-id={item.id}
        data-likes={item.likes}
        data-eager={gallery.eager(place, 1)}
        data-priority={gallery.fetchPriority(list, place) ?? "auto"}
      >
        {item.title}
      </Link>
    </li>
  );
  return (
    <main>
      <h1 ref={gallery.heading} tabIndex={-1}>
        Gallery
      </h1>
      <p>{`At ${pathname}`}</p>
      {gallery.arrived ? null : (
        <ul>
          {data.featured.map((item, i) => card(item, "featured", i))}
          {gallery.items.map((item, i) => card(item, "items", i))}
        </ul>
      )}
      {gallery.failed ? <p>Could not load more</p> : null}
      {gallery.item ? <Viewer item={gallery.item} gallery={gallery} /> : null}
      <button type="button" onClick={() => navigate(-1)}>
        Back
      </button>
    </main>
  );
}

const Stub = createRoutesStub([
  { path: "/en/gallery/:id?", Component: Gallery, loader, HydrateFallback: () => null },
  { path: "/en", Component: () => <p>Home</p> },
]);

function visit(entries: string[], { unread = 0 } = {}) {
  unreadPages = unread;
  const i18n = setupI18n({ locale: "en", messages: { en: {} } });
  render(
    <I18nProvider i18n={i18n}>
      <Stub initialEntries={entries} initialIndex={entries.length - 1} />
    </I18nProvider>,
  );
}

const press = (name: string) => fireEvent.click(screen.getByRole("button", { name }));
const viewing = (id: string) => screen.findByRole("dialog", { name: `Viewing ${id}` });
const openCard = async (id: string) => {
  fireEvent.click(await screen.findByRole("link", { name: `Title ${id}` }));
  await viewing(id);
};

/** The focus moves as the viewer unmounts, in React's passive effects: after the cards are drawn. */
const focusedCard = (id: string) =>
  waitFor(() => expect(document.activeElement?.getAttribute("data-media-id")).toBe(id));

test("the viewer steps through the featured row, then the grid, and back", async () => {
  visit(["/en/gallery"]);
  await openCard("f1");
  expect(screen.queryByRole("button", { name: "Previous" })).toBeNull();
  press("Next");
  await viewing("f2");
  press("Next");
  await viewing("p0");
  press("Previous");
  await viewing("f2");
});

test("steps replace the item in the history: Back leaves the viewer for the gallery", async () => {
  visit(["/en", "/en/gallery"]);
  await openCard("p0");
  press("Next");
  await viewing("p1");
  press("Back");
  await screen.findByText("At /en/gallery");
  expect(screen.queryByRole("dialog")).toBeNull();
});

test("a like given in the viewer stays when the item's read is a moment older than it", async () => {
  // The loader's items never change their likes: as a shared page read within its second.
  visit(["/en/gallery"]);
  await openCard("p0");
  await screen.findByText("Likes 0");
  press("Like");
  await screen.findByText("Likes 1");
  press("Next");
  await viewing("p1");
  press("Previous");
  await viewing("p0");
  expect(await screen.findByText("Likes 1")).toBeTruthy();
  press("Close");
  await waitFor(() =>
    expect(screen.getByRole("link", { name: "Title p0" }).dataset.likes).toBe("1"),
  );
});

test("a newer read of an item, liked meanwhile by others, shows their likes", async () => {
  visit(["/en/gallery"]);
  await openCard("p1");
  await screen.findByText("Likes 0");
  const shown = library[1];
  library[1] = testItem("p1", "image", { likes: 5 });
  try {
    press("Next");
    await viewing("p2");
    press("Previous");
    await viewing("p1");
    expect(await screen.findByText("Likes 5")).toBeTruthy();
  } finally {
    if (shown) library[1] = shown;
  }
});

test("Next on the last item read so far reads the next page and steps on to it", async () => {
  visit(["/en/gallery"]);
  await openCard("p23");
  press("Next");
  await viewing("p24");
  expect(screen.getByRole("link", { name: "Title p29" })).toBeTruthy();
});

test("Next whose page cannot be read stays on the item, says so, and may be asked again", async () => {
  visit(["/en/gallery"], { unread: 2 });
  await openCard("p23");
  // Asked again as soon as the page says so, before React's later work has run.
  const askedAgain = actOnceShown(
    document.body,
    () => screen.queryByText("Could not load more") !== null,
    () => {
      expect(screen.getByRole("dialog", { name: "Viewing p23" })).toBeTruthy();
      press("Next");
    },
  );
  press("Next");
  await askedAgain;
  await viewing("p24");
});

test("closing hands the focus to the card of the item shown last, else to the heading", async () => {
  visit(["/en/gallery"]);
  await openCard("p0");
  press("Next");
  await viewing("p1");
  press("Close");
  await screen.findByText("At /en/gallery");
  await focusedCard("p1");

  cleanup();
  visit(["/en/gallery", "/en/gallery/elsewhere"]);
  document.documentElement.dataset.hydrated = "";
  await viewing("elsewhere");
  press("Close");
  await screen.findByText("At /en/gallery");
  await waitFor(() => expect(document.activeElement?.textContent).toBe("Gallery"));
});

test("a visitor who arrives on a shared item sees the gallery behind it once they close it", async () => {
  visit(["/en/gallery/p3"]);
  await viewing("p3");
  expect(screen.queryByRole("link", { name: "Title p3" })).toBeNull();
  const preloaded = document.head.querySelector("link[rel=preload][as=image]");
  expect(preloaded?.getAttribute("imagesrcset")).toContain("/api/files/media/p3 1280w");
  expect(preloaded?.getAttribute("fetchpriority")).toBe("high");
  const reads = pageReads;
  press("Close");
  await screen.findByRole("link", { name: "Title p3" });
  await focusedCard("p3");
  // The item's read brought the page: closing reads nothing.
  expect(pageReads).toBe(reads);
});

test("the first picture loads first, unless an opened item's own does", async () => {
  document.documentElement.dataset.hydrated = "";
  visit(["/en/gallery"]);
  const first = await screen.findByRole("link", { name: "Title f1" });
  const grid = screen.getByRole("link", { name: "Title p0" });
  expect([first.dataset.priority, first.dataset.eager]).toEqual(["high", "true"]);
  expect([grid.dataset.priority, grid.dataset.eager]).toEqual(["auto", "true"]);

  fireEvent.click(first);
  await viewing("f1");
  expect([first.dataset.priority, first.dataset.eager]).toEqual(["low", "false"]);
});
