import { describe, expect, test } from "vitest";
import { createMedia } from "./factories.ts";
import { visit } from "./helpers.ts";

/** The document's head and body, as a browser meets them. */
async function documentOf(path: string) {
  const html = await (await visit(path)).text();
  const [head = "", body = ""] = html.split("</head>");
  return { head, body };
}

const highPriorityPreload = (href: string) =>
  new RegExp(`<link rel="preload" href="${href}" as="image" fetchPriority="high"/>`);
const imagePreloads = (head: string) => head.match(/<link rel="preload"[^>]* as="image"/g) ?? [];

// A shared item link is a first visit whose largest paint is the item's picture: it must be in
// the server's page and fetched first, not wait for the viewer's script (Lighthouse: LCP 4 s).
describe("a shared item link", () => {
  test("sends the open viewer with the photo, fetched before anything else", async () => {
    const photo = await createMedia({
      id: "sharedpic",
      titleEn: "Harbour lights",
      width: 4000,
      height: 3000,
      smallKey: "media/harbour-lights-small.jpg",
      mediumKey: "media/harbour-lights-medium.jpg",
    });
    const file = `/media/${photo.fileKey}`;
    // A phone takes the small or medium version by its pixel ratio, a large screen the web one.
    const srcSet = `/media/${photo.thumbnailKey} 640w, /media/media/harbour-lights-small.jpg 960w, /media/media/harbour-lights-medium.jpg 1280w, ${file} 2560w`;
    const { head, body } = await documentOf("/en/gallery/sharedpic");
    // The preload names the same versions as the picture, or the browser would fetch twice.
    expect(head).toContain(
      `<link rel="preload" as="image" fetchPriority="high" imageSrcSet="${srcSet}" imageSizes="(min-width: 65rem) 64rem, 100vw"/>`,
    );
    // The gallery's pictures behind the viewer wait for it.
    expect(imagePreloads(head)).toHaveLength(1);
    expect(body).toContain(
      `<img src="${file}" srcSet="${srcSet}" sizes="(min-width: 65rem) 64rem, 100vw" width="4000" height="3000" alt="Harbour lights"`,
    );
    // Named before hydration too: the server's dialog points at its title.
    const dialog = body.match(/<div [^>]*role="dialog"[^>]*>/)?.[0] ?? "";
    const titleId = dialog.match(/aria-labelledby="([^"]+)"/)?.[1];
    expect(body).toMatch(new RegExp(`<h2 id="${titleId}"[^>]*>Harbour lights</h2>`));
  });

  test("sends the open viewer with the video's poster behind a Play button, fetched before anything else", async () => {
    const video = await createMedia({ id: "sharedvid", type: "video", titleEn: "Boats at dawn" });
    const poster = `/media/${video.thumbnailKey}`;
    const { head, body } = await documentOf("/en/gallery/sharedvid");
    expect(head).toMatch(highPriorityPreload(poster));
    expect(imagePreloads(head)).toHaveLength(1);
    expect(body).toMatch(
      new RegExp(`<button [^>]*><span [^>]*>Play: Boats at dawn</span><img src="${poster}"`),
    );
    expect(body).not.toContain("<video");
  });
});
