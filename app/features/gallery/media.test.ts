import { describe, expect, it } from "vitest";
import type { PublicMediaItem } from "./gallery-api.ts";
import { photoSrcSet, versionWidth } from "./media.ts";

const photo = (
  width: number,
  height: number,
  mediumUrl: string | null = null,
  smallUrl: string | null = null,
) =>
  ({
    width,
    height,
    fileUrl: "/web.jpg",
    thumbnailUrl: "/thumb.jpg",
    smallUrl,
    mediumUrl,
  }) as PublicMediaItem;

describe("photoSrcSet", () => {
  it("describes each version with the width the upload gave it", () => {
    expect(photoSrcSet(photo(4000, 3000))).toBe("/thumb.jpg 640w, /web.jpg 2560w");
    expect(photoSrcSet(photo(3000, 4000))).toBe("/thumb.jpg 480w, /web.jpg 1920w");
  });

  it("offers the medium version between them where the photo has one", () => {
    expect(photoSrcSet(photo(4000, 3000, "/medium.jpg"))).toBe(
      "/thumb.jpg 640w, /medium.jpg 1280w, /web.jpg 2560w",
    );
    expect(photoSrcSet(photo(3000, 4000, "/medium.jpg"))).toBe(
      "/thumb.jpg 480w, /medium.jpg 960w, /web.jpg 1920w",
    );
  });

  it("offers the small version below the medium one, for phones that need less than 1280 px", () => {
    expect(photoSrcSet(photo(4000, 3000, "/medium.jpg", "/small.jpg"))).toBe(
      "/thumb.jpg 640w, /small.jpg 960w, /medium.jpg 1280w, /web.jpg 2560w",
    );
    expect(photoSrcSet(photo(3000, 4000, "/medium.jpg", "/small.jpg"))).toBe(
      "/thumb.jpg 480w, /small.jpg 720w, /medium.jpg 960w, /web.jpg 1920w",
    );
    // A 1000 px photo's small version is 960 px; its medium and web versions are the photo.
    expect(photoSrcSet(photo(1000, 600, "/medium.jpg", "/small.jpg"))).toBe(
      "/thumb.jpg 640w, /small.jpg 960w, /medium.jpg 1000w",
    );
  });

  it("never claims more pixels than a small photo has, nor lists one width twice", () => {
    expect(photoSrcSet(photo(1280, 720))).toBe("/thumb.jpg 640w, /web.jpg 1280w");
    expect(photoSrcSet(photo(500, 300))).toBe("/thumb.jpg 500w");
    expect(photoSrcSet(photo(1280, 720, "/medium.jpg"))).toBe("/thumb.jpg 640w, /medium.jpg 1280w");
  });
});

describe("versionWidth", () => {
  it("is the real width of the version a page shows, which the zoom's tiles start past", () => {
    const item = photo(4000, 3000, "/medium.jpg", "/small.jpg");
    expect(versionWidth(item, "https://lake.example/medium.jpg")).toBe(1280);
    expect(versionWidth(item, "https://lake.example/web.jpg")).toBe(2560);
    expect(versionWidth(item, "https://lake.example/other.jpg")).toBe(0);
  });
});
