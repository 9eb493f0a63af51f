import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import {
  createRoutesStub,
  Link,
  type LoaderFunctionArgs,
  useLoaderData,
  useLocation,
  useNavigate,
} from "react-router";
import { afterEach, expect, test } from "vitest";
import type { GalleryParams } from "#app/features/gallery/media.ts";
import { testItem } from "#test/support/gallery-test-item.ts";
import { type GalleryPage, type PageUnread, useGalleryPages } from "./use-gallery-pages.ts";

afterEach(cleanup);

const PAGE_SIZE = 24;

// 30 photos and 30 videos: three pages of everything, two of videos.
const library = [
  ...Array.from({ length: 30 }, (_, i) => testItem(`photo${i}`, "image")),
  ...Array.from({ length: 30 }, (_, i) => testItem(`video${i}`, "video")),
];

type Answer = (page: GalleryPage, url: URL) => Promise<GalleryPage | PageUnread>;

let answer: Answer;
let requests: string[];

/** Answers `?cursor=` reads as the route's clientMiddleware does; `answer` may hold them back or fail them. */
async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const params: GalleryParams = {
    type: url.searchParams.get("type") === "videos" ? "videos" : "all",
    q: "",
    sort: "newest",
  };
  const list = library.filter((item) => params.type === "all" || item.type === "video");
  const start = Number(url.searchParams.get("cursor") ?? 0);
  const end = start + PAGE_SIZE;
  const page = {
    items: list.slice(start, end),
    nextCursor: end < list.length ? String(end) : null,
  };
  if (!url.searchParams.has("cursor")) return { ...page, params };
  requests.push(`${url.pathname}${url.search}`);
  return answer(page, url);
}

function Gallery() {
  const data = useLoaderData<typeof loader>();
  if (!data || !("params" in data)) throw new Error("a page read reached the page");
  const { items, nextCursor, loading, failed, loadMore } = useGalleryPages(
    data,
    "/en/gallery",
    data.params,
  );
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return (
    <main>
      <p>{`At ${pathname}`}</p>
      <p>{`${items.length} shown`}</p>
      <ul>
        {items.map((item) => (
          <li key={item.id}>{item.title}</li>
        ))}
      </ul>
      {nextCursor ? (
        <button type="button" onClick={loadMore}>
          {loading ? "Loading" : "Show more"}
        </button>
      ) : null}
      {failed ? <p>Could not load more</p> : null}
      <Link to="/en/gallery/photo20?type=all&sort=newest">Open photo 20</Link>
      <Link to="/en/gallery?type=videos&sort=newest">Videos</Link>
      <button type="button" onClick={() => navigate(-1)}>
        Back
      </button>
    </main>
  );
}

function NotFound() {
  return <p>Page not found</p>;
}

const Stub = createRoutesStub([
  { path: "/en/gallery/:id?", Component: Gallery, loader },
  { path: "*", Component: NotFound },
]);

function galleryRoute(answering: Answer = async (page) => page) {
  answer = answering;
  requests = [];
  // A history entry of its own: what an entry had loaded outlives the component, by design.
  const entry = {
    pathname: "/en/gallery",
    search: "?type=all&sort=newest",
    key: crypto.randomUUID(),
  };
  render(<Stub initialEntries={[entry]} />);
  return { requests };
}

const showMore = () => fireEvent.click(screen.getByRole("button", { name: "Show more" }));

test("Show more reads the next pages through the gallery's own route until the list ends", async () => {
  const { requests } = galleryRoute();
  await screen.findByText("24 shown");
  showMore();
  await screen.findByText("48 shown");
  showMore();
  await screen.findByText("60 shown");
  expect(screen.queryByRole("button", { name: "Show more" })).toBeNull();
  expect(screen.queryByText("Page not found")).toBeNull();
  expect(screen.getAllByRole("listitem").map((li) => li.textContent)).toEqual(
    library.slice(0, 60).map((item) => item.title),
  );
  expect(requests).toEqual([
    "/en/gallery?type=all&sort=newest&cursor=24",
    "/en/gallery?type=all&sort=newest&cursor=48",
  ]);
});

test("opening an item keeps the pages read so far, and paging goes on from there", async () => {
  galleryRoute();
  await screen.findByText("24 shown");
  showMore();
  await screen.findByText("48 shown");
  fireEvent.click(screen.getByRole("link", { name: "Open photo 20" }));
  // The route's loader runs again for the item and returns its first page anew.
  await screen.findByText("At /en/gallery/photo20");
  expect(screen.getByText("48 shown")).toBeTruthy();
  showMore();
  await screen.findByText("60 shown");
});

test("other filters start from their own first page; a page asked for the old ones is dropped", async () => {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  galleryRoute(async (page, url) => {
    if (url.searchParams.get("type") === "all") await held;
    return page;
  });
  await screen.findByText("24 shown");
  showMore();
  await screen.findByText("Loading");
  fireEvent.click(screen.getByRole("link", { name: "Videos" }));
  await screen.findByText("Title video0");
  // The old filter's read, still under way, does not hold the new list's Show more.
  expect(screen.getByRole("button", { name: "Show more" })).toBeTruthy();
  release();
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect(screen.getByText("24 shown")).toBeTruthy();
  expect(screen.queryByText("Title photo25")).toBeNull();
  showMore();
  await screen.findByText("30 shown");
});

test("Back returns to a list with the pages it had read", async () => {
  galleryRoute();
  await screen.findByText("24 shown");
  showMore();
  await screen.findByText("48 shown");
  fireEvent.click(screen.getByRole("link", { name: "Videos" }));
  await screen.findByText("24 shown");
  expect(screen.queryByText("Title photo0")).toBeNull();
  fireEvent.click(screen.getByRole("button", { name: "Back" }));
  await screen.findByText("48 shown");
  showMore();
  await screen.findByText("60 shown");
});

test("a page that cannot be read is asked once more, without a word if that works", async () => {
  let failures = 1;
  const { requests } = galleryRoute(async (page) => (failures-- > 0 ? { unread: true } : page));
  await screen.findByText("24 shown");
  showMore();
  await screen.findByText("48 shown");
  expect(requests).toHaveLength(2);
  expect(screen.queryByText("Could not load more")).toBeNull();
});

test("a page that still cannot be read leaves the list as it was and can be asked for again", async () => {
  let failures = 2;
  const { requests } = galleryRoute(async (page) => (failures-- > 0 ? { unread: true } : page));
  await screen.findByText("24 shown");
  showMore();
  await screen.findByText("Could not load more");
  expect(requests).toHaveLength(2);
  expect(screen.getByText("24 shown")).toBeTruthy();
  showMore();
  await screen.findByText("48 shown");
  expect(screen.queryByText("Could not load more")).toBeNull();
});
