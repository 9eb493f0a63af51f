// Scripts wait for the first paint so they do not share its round trips with the pictures (ADR 018).
const HELD = "after-first-paint";
// A data block's type (not a script's), so the held entry is valid markup and never runs.
const HELD_SCRIPT_TYPE = `text/x-${HELD}`;

// Only nonced elements, so held markup cannot run what the CSP refuses; a string, as bundler helpers would not exist in the page.
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

// The second frame's callback comes once the first is drawn; a hidden tab draws nothing.
const startAfterFirstPaint = `(function () {
  ${recreateHeld}
  if (document.hidden) start();
  else requestAnimationFrame(function () { requestAnimationFrame(start); });
})()`;

// The embed (ADR 023) starts its scripts on a press; `data-pressed` tells the styles and the hydrated component which.
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
