import { spawn } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { publicPagePaths } from "#app/shell/pages.ts";
import { expect, locales, localized, test } from "./fixtures.ts";

// The W3C's Nu HTML checker, as a jar run on Debian's Java (.ci/run installs it).
const vnuJar = fileURLToPath(import.meta.resolve("vnu-jar/build/dist/vnu.jar"));

/** Tailwind's CSS the checker does not know yet (`@property`, `margin-trim`), by name only. */
const cssUnknownToTheChecker = ["@property", "transition-property", "margin-trim"];

type Message = {
  type: string;
  subType?: string;
  url?: string;
  message: string;
  /** The markup around the fault. */
  extract?: string;
};

/**
 * HTML allows `blocking` on `<link rel="expect">` (html.spec.whatwg.org/#link-type-expect); the
 * checker still knows it only on stylesheets.
 */
const blockingOnExpect = ({ message, extract }: Message) =>
  message.startsWith("A “link” element with a “blocking” attribute") &&
  /<link rel="expect" href="#[\w-]+" blocking="render"\/>/.test(extract ?? "");

/** The subject of a CSS message: the first name it quotes ("CSS: “margin-trim”: Property …"). */
const unknownCss = ({ message }: Message) =>
  message.startsWith("CSS: ") &&
  cssUnknownToTheChecker.includes(/“([^”]+)”/.exec(message)?.[1] ?? "");

const knownGap = (message: Message) => unknownCss(message) || blockingOnExpect(message);

// Every public page, the login, and where links lead: a shared item, a day without pictures, a 404.
const paths = [
  ...publicPagePaths,
  "/admin/login",
  "/gallery/demo-noon",
  "/gallery/demo-harbour",
  "/archive?day=2001-01-01",
  "/does-not-exist",
];

/** The checker once over all documents (one JVM: seconds, not a start per page). */
function runChecker(files: string[]): Promise<Message[]> {
  return new Promise((resolve, reject) => {
    const checker = spawn("java", ["-jar", vnuJar, "--format", "json", ...files]);
    let output = "";
    checker.stderr.on("data", (chunk) => {
      output += chunk;
    });
    checker.on("error", (error) =>
      reject(new Error(`the HTML checker runs on Java (default-jre-headless): ${error.message}`)),
    );
    // It exits with 1 when it found an error: the messages say which.
    checker.on("close", () => {
      try {
        resolve((JSON.parse(output) as { messages: Message[] }).messages);
      } catch {
        reject(new Error(`the HTML checker did not answer in JSON: ${output.slice(0, 500)}`));
      }
    });
  });
}

test("every page is valid HTML in every language (Nu HTML checker)", async ({ request }) => {
  test.slow();
  const folder = await mkdtemp(join(tmpdir(), "valid-html-"));
  try {
    // Each document as the server sends it, which is what a checker or a crawler reads.
    const pageOf = new Map<string, string>();
    for (const locale of locales) {
      for (const path of paths) {
        const url = localized(path, locale);
        const response = await request.get(url);
        expect([200, 404], url).toContain(response.status());
        const file = join(folder, `${url.replaceAll(/[^a-z0-9]+/gi, "_")}.html`);
        await writeFile(file, await response.body());
        pageOf.set(file, url);
      }
    }
    const messages = await runChecker([...pageOf.keys()]);
    const pageAt = (url = "") => pageOf.get(URL.canParse(url) ? new URL(url).pathname : url) ?? url;
    const problems = messages
      // Infos (the trailing slash React writes on void elements) are not faults.
      .filter((m) => m.type !== "info" || m.subType === "warning")
      .filter((m) => !knownGap(m))
      .map((m) => `${pageAt(m.url)}: ${m.subType ?? m.type}: ${m.message} ${m.extract ?? ""}`);
    expect(problems).toEqual([]);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
});
