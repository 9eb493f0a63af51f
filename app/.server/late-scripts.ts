/**
 * Every page is rendered on the server: its first paint and its largest picture need no script.
 * React Router preloads the page's modules at the browser's high priority, so on a phone's
 * connection the framework chunk (105 kB) shared the first round trips with the document's
 * pictures, and the first paint came first or not by chance (ADR 018). At low priority the
 * modules follow the pictures; hydration starts once they are in.
 */
export function preloadScriptsAfterPictures(page: Response): Response {
  return new HTMLRewriter()
    .on('link[rel="modulepreload"]', {
      element(link) {
        link.setAttribute("fetchpriority", "low");
      },
    })
    .transform(page);
}
