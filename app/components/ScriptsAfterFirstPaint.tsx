// Starts the page's JavaScript once the page has been painted: the server sends Remix's module
// preloads and module script inert (scripts-after-first-paint.server.ts), so on a slow link the
// HTML and the stylesheets have it to themselves until the page shows. Without JavaScript nothing
// is fetched at all. The started script is removed again at once (a module script still runs),
// so the document React hydrates is the one the server rendered.
import { useNonce } from "~/utils/nonce";

const heldMark = 'data-after-paint="modulepreload"';
/** A module preload held: a link still valid in <body> whose rel fetches nothing from this origin. */
export const heldModulePreload = `rel="dns-prefetch" ${heldMark}`;
/** The module script held: a data block (a type the browser does not run). */
export const heldModuleScript = "text/x-module-after-paint";

const preloadsPerTask = 8;

const start = `(() => {
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    const held = document.querySelector('script[type="${heldModuleScript}"]');
    if (held) {
      const script = document.createElement("script");
      script.type = "module";
      script.nonce = held.nonce;
      script.text = held.text;
      // A failed import is reported where the page's module script is, as without the hold.
      script.addEventListener("error", () => held.dispatchEvent(new Event("error")));
      document.body.append(script);
      script.remove();
    }
    // Each preload starts its fetch at once (about 2 ms apiece on a kiosk's CPU, fifty-odd on a
    // screen): a few per task, so a tap or a scroll is answered in between.
    const preloads = [...document.querySelectorAll('link[${heldMark}]')];
    const preloadSome = () => {
      for (const link of preloads.splice(0, ${preloadsPerTask})) link.rel = "modulepreload";
      if (preloads.length) setTimeout(preloadSome);
    };
    preloadSome();
  };
  // A hidden page paints nothing; a browser without paint timing starts after the next frame.
  if (document.visibilityState !== "visible") return start();
  if (!PerformanceObserver.supportedEntryTypes?.includes("paint")) return requestAnimationFrame(() => setTimeout(start));
  new PerformanceObserver((entries, observer) => {
    if (!entries.getEntriesByName("first-contentful-paint").length) return;
    observer.disconnect();
    start();
  }).observe({ type: "paint", buffered: true });
  // A page hidden before it paints, or one kept from painting, is not held for longer than this.
  document.addEventListener("visibilitychange", start, { once: true });
  setTimeout(start, 10000);
})();`;

export function ScriptsAfterFirstPaint() {
  const nonce = useNonce();
  return <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: start }} />;
}
