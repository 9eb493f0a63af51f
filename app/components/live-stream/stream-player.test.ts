import { afterEach, expect, test, vi } from "vitest";
import { prefersNativeHls } from "./stream-player.ts";

const video = (hls: "maybe" | "") => {
  const element = document.createElement("video");
  element.canPlayType = (type) => (type === "application/vnd.apple.mpegurl" ? hls : "");
  return element;
};

afterEach(() => {
  vi.restoreAllMocks();
});

test("Safari plays through hls.js and the media host where Media Source Extensions exist", () => {
  vi.spyOn(navigator, "vendor", "get").mockReturnValue("Apple Computer, Inc.");
  // iOS 17.1 and later: ManagedMediaSource only; macOS Safari: MediaSource.
  expect(prefersNativeHls(video("maybe"), { ManagedMediaSource: class {} })).toBe(false);
  expect(prefersNativeHls(video("maybe"), { MediaSource: class {} })).toBe(false);
  expect(prefersNativeHls(video(""), { MediaSource: class {} })).toBe(false);
});

test("Apple's own HLS only where nothing else plays", () => {
  expect(prefersNativeHls(video("maybe"), {})).toBe(true);
});
