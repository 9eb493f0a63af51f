import type { Locator } from "@playwright/test";
import { expect } from "./fixtures.ts";

/** Each loaded picture is the smallest version sharp enough for its place, or one cached. */
export async function expectSmallestSharpVersions(pictures: Locator, atLeast: number) {
  await expect(pictures.first()).toBeVisible();
  await expect
    .poll(() =>
      pictures.evaluateAll((images) => images.every((i) => (i as HTMLImageElement).complete)),
    )
    .toBe(true);
  const choices = await pictures.evaluateAll((images) =>
    images
      .map((image) => image as HTMLImageElement)
      .filter((image) => image.currentSrc)
      .map((image) => {
        const candidates = image.srcset.split(", ").map((candidate) => {
          const [url = "", width = ""] = candidate.split(" ");
          return { url: new URL(url, location.href).href, width: Number.parseInt(width, 10) };
        });
        return {
          url: image.currentSrc,
          needed: image.getBoundingClientRect().width * devicePixelRatio,
          chosen: candidates.find(({ url }) => url === image.currentSrc)?.width ?? 0,
          widths: candidates.map(({ width }) => width),
        };
      }),
  );
  expect(choices.length).toBeGreaterThanOrEqual(atLeast);
  // None sharp enough: the largest there is.
  const smallestSharp = ({ needed, widths }: (typeof choices)[number]) => {
    const sharp = widths.filter((width) => width >= needed);
    return sharp.length > 0 ? Math.min(...sharp) : Math.max(...widths);
  };
  const needed = new Set(
    choices.filter((choice) => choice.chosen === smallestSharp(choice)).map(({ url }) => url),
  );
  for (const choice of choices) {
    const { url, needed: pixels, chosen, widths } = choice;
    if (chosen > smallestSharp(choice) && needed.has(url)) continue;
    expect(chosen, `${Math.round(pixels)} px wanted from ${widths.join("/")}`).toBe(
      smallestSharp(choice),
    );
  }
}
