/**
 * Every page is rendered on the server: its first paint and its largest picture need no script.
 * React Router has the browser fetch the page's modules as soon as it reads the document, so
 * 130 kB of scripts shared the first round trips with the document's pictures, and on a fast
 * connection they were often in before the first paint (ADR 018). Here the modules are held
 * back until the first frame is painted, and then preloaded at low priority, after the
 * pictures still loading; hydration starts once they are in.
 */
const HELD = "after-first-paint";
// A data block's type (not a script's), so the held entry is valid markup and never runs.
const HELD_SCRIPT_TYPE = `text/x-${HELD}`;

// Recreates each held element as it was written, so the browser preloads it (at low priority,
// after the pictures) or runs it (async, as React Router writes its entry). Only elements
// carrying this document's nonce: the held-back markup must never become a way to run a
// script the policy would refuse. (A string, not a stringified function: a bundler's helpers
// inside a function's source would not exist in the page.)
const recreateHeld = `var nonce = document.currentScript.nonce;
  function start() {
    document.querySelectorAll("[data-${HELD}]").forEach(function (held) {
      if (held.nonce !== nonce) return;
      var element = document.createElement(held.tagName);
      for (var i = 0; i < held.attributes.length; i++) {
        var attribute = held.attributes[i];
        if (attribute.name === "data-${HELD}" || attribute.name === "nonce") continue;
        element.setAttribute(attribute.name, attribute.value);
      }
      if (held.tagName === "LINK") {
        element.rel = held.getAttribute("data-${HELD}");
        element.fetchPriority = "low";
      } else {
        element.type = held.getAttribute("data-${HELD}");
      }
      element.nonce = nonce;
      element.textContent = held.textContent;
      held.replaceWith(element);
    });
  }`;

// Two frames: the second's callback comes once the first is drawn. A hidden tab draws nothing,
// so there it starts at once.
const startAfterFirstPaint = `(function () {
  ${recreateHeld}
  if (document.hidden) start();
  else requestAnimationFrame(function () { requestAnimationFrame(start); });
})()`;

/**
 * A page made for other sites' frames (ADR 023) starts its scripts only when the visitor
 * presses a control marked `data-starts-scripts` (Enter and Space click a button; hover and
 * focus do nothing). `data-pressed` on the root says which, for the styles until hydration and
 * for the component that then carries the press out.
 */
const startOnPress = `(function () {
  ${recreateHeld}
  document.addEventListener("click", function pressed(event) {
    var control = event.target.closest && event.target.closest("[data-starts-scripts]");
    if (!control) return;
    document.removeEventListener("click", pressed);
    document.documentElement.setAttribute("data-pressed", control.getAttribute("data-starts-scripts"));
    start();
  });
})()`;

function holdScripts(page: Response, starter: string): Response {
  return new HTMLRewriter()
    .on('link[rel="modulepreload"]', {
      element(link) {
        link.setAttribute("rel", HELD);
        link.setAttribute(`data-${HELD}`, "modulepreload");
      },
    })
    .on('script[type="module"]', {
      element(script) {
        script.setAttribute("type", HELD_SCRIPT_TYPE);
        script.setAttribute(`data-${HELD}`, "module");
        // Not allowed on a data block; what the start script creates is async anyway.
        script.removeAttribute("async");
        const nonce = script.getAttribute("nonce") ?? "";
        script.after(`<script nonce="${nonce}">${starter}</script>`, { html: true });
      },
    })
    .transform(page);
}

export function startScriptsAfterFirstPaint(page: Response): Response {
  return holdScripts(page, startAfterFirstPaint);
}

export function startScriptsOnPress(page: Response): Response {
  return holdScripts(page, startOnPress);
}
