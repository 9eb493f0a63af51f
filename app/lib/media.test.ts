import { describe, expect, it } from "vitest";
import { type PublicMediaItem, photoSrcSet } from "./media";

const photo = (width: number, height: number) =>
  ({ width, height, fileUrl: "/web.jpg", thumbnailUrl: "/thumb.jpg" }) as PublicMediaItem;

describe("photoSrcSet", () => {
  it("describes each version with the width the upload gave it", () => {
    expect(photoSrcSet(photo(4000, 3000))).toBe("/thumb.jpg 640w, /web.jpg 2560w");
    expect(photoSrcSet(photo(3000, 4000))).toBe("/thumb.jpg 480w, /web.jpg 1920w");
  });

  it("never claims more pixels than a small photo has", () => {
    expect(photoSrcSet(photo(1280, 720))).toBe("/thumb.jpg 640w, /web.jpg 1280w");
    expect(photoSrcSet(photo(500, 300))).toBe("/thumb.jpg 500w, /web.jpg 500w");
  });
});
