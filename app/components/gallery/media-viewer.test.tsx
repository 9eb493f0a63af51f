import { setupI18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import type { PublicMediaItem } from "#app/features/gallery/gallery-api.ts";
import { testItem } from "#test/support/gallery-test-item.ts";
import MediaViewer from "./media-viewer.tsx";

const item = (type: PublicMediaItem["type"]) =>
  testItem(`${type}-1`, type, {
    title: "Yesterday in 3 minutes",
    width: 1920,
    height: 1080,
    durationSeconds: 180,
  });

let beacons: string[];

beforeEach(() => {
  beacons = [];
  vi.spyOn(navigator, "sendBeacon").mockImplementation((url, body) => {
    beacons.push(`${url} ${String(body)}`);
    return true;
  });
  // The view counter's request: answered, not part of what is tested here.
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => Response.json({ views: 1 })),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function open(
  shown: PublicMediaItem,
  autoPlay = true,
  steps: { onPrevious?: () => void; onNext?: () => void } = {},
) {
  const i18n = setupI18n({ locale: "en", messages: { en: {} } });
  render(
    <I18nProvider i18n={i18n}>
      <MediaViewer
        item={shown}
        autoPlay={autoPlay}
        onClose={() => undefined}
        returnFocus={() => undefined}
        {...steps}
      />
    </I18nProvider>,
  );
  return { video: () => document.querySelector("video") as HTMLVideoElement };
}

describe("time-lapse plays", () => {
  test("a time-lapse counts one play per opening, however often it is paused and resumed", async () => {
    const { video } = open(item("timelapse"));
    fireEvent.play(video());
    fireEvent.pause(video());
    fireEvent.play(video());
    await vi.waitFor(() =>
      expect(beacons).toEqual(['/api/beacon {"type":"event","name":"timelapse_play"}']),
    );
  });

  test("an ordinary video is not counted as a time-lapse play", async () => {
    const { video } = open(item("video"));
    fireEvent.play(video());
    // The beacon's module loads asynchronously: give it the time a counted play takes.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(beacons).toEqual([]);
  });
});

describe("a film the visitor arrived on", () => {
  test("shows its poster and plays only when asked, with the focus on its controls", () => {
    open(item("timelapse"), false);
    expect(document.querySelector("video")).toBeNull();
    const play = screen.getByRole("button", { name: "Play: Yesterday in 3 minutes" });
    expect(play.querySelector("img")?.getAttribute("src")).toBe(item("timelapse").thumbnailUrl);
    fireEvent.click(play);
    const video = document.querySelector("video");
    expect(video?.autoplay).toBe(true);
    expect(document.activeElement).toBe(video);
  });
});

describe("the arrow keys", () => {
  test("step to the previous and next item from anywhere but the film's own controls", () => {
    const onPrevious = vi.fn();
    const onNext = vi.fn();
    const { video } = open(item("video"), true, { onPrevious, onNext });
    fireEvent.keyDown(screen.getByRole("button", { name: "Close" }), { key: "ArrowRight" });
    fireEvent.keyDown(document.body, { key: "ArrowLeft" });
    expect(onNext).toHaveBeenCalledTimes(1);
    expect(onPrevious).toHaveBeenCalledTimes(1);
    // Alt+← is the browser's Back.
    fireEvent.keyDown(document.body, { key: "ArrowLeft", altKey: true });
    expect(onPrevious).toHaveBeenCalledTimes(1);

    // Focused, the player's controls seek with them (Chromium retargets to the <video>).
    video().focus();
    fireEvent.keyDown(video(), { key: "ArrowRight" });
    fireEvent.keyDown(video(), { key: "ArrowLeft" });
    expect(onNext).toHaveBeenCalledTimes(1);
    expect(onPrevious).toHaveBeenCalledTimes(1);
  });
});

describe("text alternatives", () => {
  const described = (element: Element | null) =>
    (element?.getAttribute("aria-describedby") ?? "")
      .split(" ")
      .map((id) => document.getElementById(id)?.textContent ?? "")
      .join(" ");
  const line = "Boats cross the calm harbour as the light turns gold over the lake.";

  test("a film is described by its visible line, before and after Play, and the dialog keeps its own description", () => {
    open({ ...item("timelapse"), description: line }, false);
    expect(described(screen.getByRole("button", { name: /Play/ }))).toBe(line);
    expect(described(screen.getByRole("dialog"))).toBe(line);
    fireEvent.click(screen.getByRole("button", { name: /Play/ }));
    expect(described(document.querySelector("video"))).toBe(line);
  });

  test("a photo's alt text says what it shows; without one, its title stands in", () => {
    open({ ...item("image"), alt: "Sailing boats in front of Monte Baldo" });
    expect(screen.getByRole("img", { name: "Sailing boats in front of Monte Baldo" })).toBeTruthy();
    cleanup();
    open(item("image"));
    expect(screen.getByRole("img", { name: "Yesterday in 3 minutes" })).toBeTruthy();
  });
});
