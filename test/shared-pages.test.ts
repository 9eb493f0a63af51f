import { env } from "cloudflare:workers";
import { expect, test } from "vitest";
import { parseLakeTime } from "#app/.server/weather/parse-lake-time.ts";
import { addDays } from "#time/calendar-day.ts";
import { lakeDate } from "#time/lake-time.ts";
import { logIn } from "./admin.ts";
import { createMedia } from "./factories.ts";
import { ORIGIN, visit as visitUnshared, visitWith } from "./helpers.ts";
import { sendStill, stillRows } from "./stills-factory.ts";

// The other Worker tests render every page anew (SHARED_PAGE_SECONDS 0 in vitest.config.ts).
// Here pages are shared for 3 s instead of production's 1, so that two visits with a write
// between them fall into one window on a busy machine too.
const WINDOW_SECONDS = 3;
const sharing = { ...env, SHARED_PAGE_SECONDS: String(WINDOW_SECONDS) } as Env;
const visit = (path: string, headers: Record<string, string> = {}) =>
  visitWith(sharing, path, undefined, { headers });

function cspNonce(response: Response): string {
  const policy = response.headers.get("Content-Security-Policy") ?? "";
  const nonce = /'nonce-([^']+)'/.exec(policy)?.[1];
  if (!nonce) throw new Error(`no nonce in ${policy}`);
  return nonce;
}

const render = (response: Response) => response.headers.get("X-Page-Render");
const waitForTheWindow = () =>
  new Promise((resolve) => setTimeout(resolve, WINDOW_SECONDS * 1000 + 100));
const nonceAttributes = (html: string) => [...html.matchAll(/nonce="([^"]*)"/g)].map((m) => m[1]);

test("visitors within the window share one render, each with a nonce of its own", async () => {
  const first = await visit("/en/gallery?sort=newest");
  const firstHtml = await first.text();
  expect(render(first)).toBe("rendered");

  const item = await createMedia({ titleEn: "Published a moment later" });
  const second = await visit("/en/gallery?sort=newest");
  const html = await second.text();
  expect(render(second)).toBe("shared");
  expect(html).not.toContain(item.titleEn);
  // The same page, but its scripts run only with this response's nonce.
  expect(cspNonce(second)).not.toBe(cspNonce(first));
  expect(nonceAttributes(html).length).toBeGreaterThan(3);
  expect(new Set(nonceAttributes(html))).toEqual(new Set([cspNonce(second)]));
  expect(html).not.toContain(cspNonce(first));
  expect(html.replaceAll(cspNonce(second), "")).toBe(firstHtml.replaceAll(cspNonce(first), ""));

  await waitForTheWindow();
  const later = await visit("/en/gallery?sort=newest");
  expect(render(later)).toBe("rendered");
  expect(await later.text()).toContain(item.titleEn);
});

test("a crowd arriving together costs one render", async () => {
  const crowd = await Promise.all(Array.from({ length: 5 }, () => visit("/en/about")));
  expect(crowd.map(render).toSorted()).toEqual([
    "rendered",
    "shared",
    "shared",
    "shared",
    "shared",
  ]);
  const pages = await Promise.all(crowd.map((response) => response.text()));
  for (const [i, page] of pages.entries()) {
    expect(page).toContain("Our story");
    expect(new Set(nonceAttributes(page))).toEqual(new Set([cspNonce(crowd[i] as Response)]));
  }
});

test("the language cookie is shared; any other cookie, such as the owner's session, is not", async () => {
  const { session } = await logIn();
  const owner = await visit("/en/privacy", { Cookie: session });
  expect(render(owner)).toBe("rendered");
  // Nothing rendered for the owner is handed to a visitor.
  expect(render(await visit("/en/privacy", { Cookie: "lang=en" }))).toBe("rendered");
  expect(render(await visit("/en/privacy", { Cookie: "lang=en" }))).toBe("shared");
  expect(render(await visit("/en/privacy"))).toBe("shared");
  // And the owner still gets a page of their own.
  expect(render(await visit("/en/privacy", { Cookie: `lang=en; ${session}` }))).toBe("rendered");
});

test("a personal page is rendered for each visitor: the contact form's single-use question", async () => {
  const question = async () => {
    const response = await visit("/en/contact");
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(render(response)).toBe("rendered");
    return /name="challenge" value="([^"]+)"/.exec(await response.text())?.[1];
  };
  const [one, two] = [await question(), await question()];
  expect(one).toBeTruthy();
  expect(two).toBeTruthy();
  expect(two).not.toBe(one);
});

test("an error page is never shared", async () => {
  for (let i = 0; i < 2; i++) {
    const response = await visit("/en/no-such-page");
    expect(response.status).toBe(404);
    expect(render(response)).toBe("rendered");
  }
});

/** Whether the page or its data (`.data`) carries the archive as the owner's: `owner: true`, serialized. */
const ownersArchive = async (response: Response) =>
  /\\?"owner\\?",true\b/.test(await response.text());

test("visitors share the archive and its navigations' data; the owner's is theirs alone, both ways", async () => {
  expect((await sendStill(Date.now() - 60_000)).response.status).toBe(201);
  const { session } = await logIn();
  const asOwner = { Cookie: `lang=en; ${session}` };
  for (const path of ["/en/archive", "/en/archive.data"]) {
    const owners = await visit(path, asOwner);
    expect(render(owners)).toBe("rendered");
    expect(owners.headers.get("Cache-Control")).toBe("private, no-cache");
    expect(await ownersArchive(owners), path).toBe(true);
    // Nothing rendered for the owner is handed to a visitor.
    const first = await visit(path);
    expect(render(first)).toBe("rendered");
    expect(first.headers.get("Cache-Control")).toBeNull();
    expect(await ownersArchive(first)).toBe(false);
    const second = await visit(path, { Cookie: "lang=en" });
    expect(render(second)).toBe("shared");
    expect(await ownersArchive(second)).toBe(false);
    // Nor a visitor's copy to the owner, whose controls stay.
    const ownersAgain = await visit(path, asOwner);
    expect(render(ownersAgain)).toBe("rendered");
    expect(await ownersArchive(ownersAgain)).toBe(true);
  }
});

test("a still the owner deletes leaves the shared archive when the window ends", async () => {
  // Yesterday at noon: a day of its own, whatever the other tests send today.
  const day = addDays(lakeDate(Date.now()), -1);
  const [kept, deleted] = ["12:00", "12:10"].map((time) =>
    Number(parseLakeTime(`${day}T${time}`)),
  ) as [number, number];
  for (const takenAt of [kept, deleted]) {
    expect((await sendStill(takenAt)).response.status).toBe(201);
  }
  const rowOf = async (takenAt: number) =>
    (await stillRows()).find((row) => row.taken_at === takenAt);
  const [keptId, deletedRow] = [(await rowOf(kept))?.id ?? "", await rowOf(deleted)];
  const deletedId = deletedRow?.id ?? "";
  const archive = async (path: string) => {
    const response = await visit(`${path}?day=${day}`);
    return { how: render(response), text: await response.text() };
  };
  expect((await archive("/en/archive")).text).toContain(`/media/s/${deletedRow?.public_id}/`);
  expect((await archive("/en/archive.data")).text).toContain(deletedId);

  const { session } = await logIn();
  const gone = await visitUnshared(`/api/admin/stills/${deletedId}`, {
    method: "DELETE",
    headers: { Cookie: session, Origin: ORIGIN },
  });
  expect(gone.status).toBe(200);

  await waitForTheWindow();
  for (const path of ["/en/archive", "/en/archive.data"]) {
    const after = await archive(path);
    expect(after.how).toBe("rendered");
    expect(after.text).not.toContain(deletedId);
    expect(after.text).toContain(keptId);
  }
});
