import { setupI18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, expect, test, vi } from "vitest";
import { LikeButton } from "./like-button.tsx";

const FAILED = "Could not save your like. Please try again.";
const api = vi.fn<() => Promise<Response>>();

beforeEach(() => {
  localStorage.clear();
  vi.stubGlobal("fetch", api);
});

afterEach(() => {
  cleanup();
  api.mockReset();
  vi.unstubAllGlobals();
});

function renderButton() {
  const i18n = setupI18n({ locale: "en", messages: { en: {} } });
  const { container } = render(
    <I18nProvider i18n={i18n}>
      <LikeButton id="demo-1" likes={3} />
    </I18nProvider>,
  );
  // Present, and empty, before anything fails: a live region added with its message is not read.
  const region = container.querySelector('[aria-live="polite"]');
  expect(region?.textContent).toBe("");
  return region as HTMLElement;
}

test("a like that could not be saved says so in a polite live region, until it is tried again", async () => {
  const region = renderButton();
  api.mockRejectedValueOnce(new TypeError("Failed to fetch"));
  await act(async () => fireEvent.click(screen.getByRole("button", { name: "Like 3" })));
  expect(region.textContent).toBe(FAILED);
  const button = screen.getByRole("button", { name: "Like 3" });
  expect(button.getAttribute("aria-describedby")).toBe(region.id);

  // Trying again clears it at once; success keeps it away.
  let deliver: (response: Response) => void = () => {};
  api.mockReturnValueOnce(new Promise((resolve) => (deliver = resolve)));
  await act(async () => fireEvent.click(button));
  expect(region.textContent).toBe("");
  await act(async () => deliver(Response.json({ likes: 4, liked: true })));
  expect(region.textContent).toBe("");
  // Given once: a second press sends nothing, and the button keeps the keyboard focus.
  const liked = await screen.findByRole("button", { name: "Liked 4" });
  expect(liked.getAttribute("aria-disabled")).toBe("true");
  liked.focus();
  await act(async () => fireEvent.click(liked));
  expect(api).toHaveBeenCalledTimes(2);
  expect(document.activeElement).toBe(liked);
});

test("a refused like shows the message too", async () => {
  const region = renderButton();
  api.mockResolvedValueOnce(new Response(null, { status: 503 }));
  await act(async () => fireEvent.click(screen.getByRole("button", { name: "Like 3" })));
  // The refusal is read with its schema, which loads on demand.
  expect(await screen.findByText(FAILED)).toBeDefined();
  expect(region.textContent).toBe(FAILED);
});
