/**
 * Every page is rendered on the server: its first paint and its largest picture need no script.
 * React Router has the browser fetch the page's modules as soon as it reads the document, so
 * 130 kB of scripts shared the first round trips with the document's pictures, and on a fast
 * connection they were often in before the first paint (ADR 018). Here the modules are held
 * back until the first frame is painted, and then preloaded at low priority, after the
 * pictures still loading; hydration starts once they are in.
 */
const HELD = "after-first-paint";

// Recreates each held element as it was written, so the browser preloads or runs it. Only
// elements carrying this document's nonce: the held-back markup must never become a way to
// run a script the policy would refuse. A hidden tab paints nothing, so it starts at once.
const startAfterFirstPaint = `(function(){var nonce=document.currentScript.nonce;function start(){document.querySelectorAll("[data-${HELD}]").forEach(function(held){if(held.nonce!==nonce)return;var e=document.createElement(held.tagName);for(var i=0;i<held.attributes.length;i++){var a=held.attributes[i];if(a.name!=="data-${HELD}")e.setAttribute(a.name,a.value)}e.setAttribute(held.tagName==="LINK"?"rel":"type",held.getAttribute("data-${HELD}"));if(held.tagName==="SCRIPT")e.async=held.hasAttribute("async");e.nonce=nonce;e.textContent=held.textContent;held.replaceWith(e)})}if(document.hidden)start();else requestAnimationFrame(function(){requestAnimationFrame(start)})})()`;

export function startScriptsAfterFirstPaint(page: Response): Response {
  return new HTMLRewriter()
    .on('link[rel="modulepreload"]', {
      element(link) {
        link.setAttribute("rel", HELD);
        link.setAttribute(`data-${HELD}`, "modulepreload");
        link.setAttribute("fetchpriority", "low");
      },
    })
    .on('script[type="module"]', {
      element(script) {
        script.setAttribute("type", HELD);
        script.setAttribute(`data-${HELD}`, "module");
        const nonce = script.getAttribute("nonce") ?? "";
        script.after(`<script nonce="${nonce}">${startAfterFirstPaint}</script>`, { html: true });
      },
    })
    .transform(page);
}
