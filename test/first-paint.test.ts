import { describe, expect, test } from "vitest";
import { visit } from "./helpers.ts";
import { sendStill } from "./stills-factory.ts";

describe("the document's first paint", () => {
  test("comes with the page's styles, so it waits for no stylesheet", async () => {
    for (const path of ["/", "/en/about", "/en/gallery", "/en/no-such-page"]) {
      const html = await (await visit(path)).text();
      const head = html.slice(0, html.indexOf("</head>"));
      // The site's own rules (its colour roles) and the weather panel's icons (CSS masks).
      expect(head, path).toMatch(/<style>[\s\S]*?--color-primary-700:[\s\S]*?<\/style>/);
      expect(head, path).toContain(".icon-mdi-weather-sunny{");
      expect(html, path).not.toContain('rel="stylesheet"');
    }
  });

  test("holds the page's scripts back until it is painted, then preloads them after its pictures", async () => {
    // The live panel's still, the home page's largest picture on a phone, keeps its high priority.
    expect((await sendStill(Date.now())).response.status).toBe(201);
    const home = await (await visit("/")).text();
    expect(home).toMatch(
      /<img[^>]*src="\/media\/s\/[0-9a-f]{32}\/still\.jpg"[^>]*fetchPriority="high"/,
    );
    for (const path of ["/", "/en/gallery", "/en/no-such-page"]) {
      const html = await (await visit(path)).text();
      // Nothing the browser would fetch or run before the first paint.
      expect(html, path).not.toContain('rel="modulepreload"');
      expect(html, path).not.toContain('type="module"');
      const held = html.match(/<link rel="after-first-paint"[^>]*>/g) ?? [];
      expect(held.length, path).toBeGreaterThan(3);
      for (const preload of held) {
        expect(preload, path).toContain('data-after-first-paint="modulepreload"');
      }
      // A data block: it never runs, and it is valid markup (a MIME type, no async).
      const nonce = /<script nonce="([^"]+)"/.exec(html)?.[1];
      const entry = `<script nonce="${nonce}" type="text/x-after-first-paint" data-after-first-paint="module">`;
      expect(html, path).toContain(entry);
      // The start follows the held entry, with the document's nonce.
      const afterEntry = html.slice(
        html.indexOf("</script>", html.indexOf(entry)) + "</script>".length,
      );
      expect(afterEntry, path).toMatch(
        /^<script nonce="([^"]+)">\(function \(\) \{\s+var nonce = document\.currentScript\.nonce;/,
      );
      expect(/^<script nonce="([^"]+)"/.exec(afterEntry)?.[1], path).toBe(nonce);
    }
  });
});
