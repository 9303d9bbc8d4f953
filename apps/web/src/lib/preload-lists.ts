/**
 * The build (vite.config.ts, preloadListsLater) takes out of the code every page loads the lists
 * of files each lazily imported chunk needs preloaded beside it (~2.3 KB gzip of hashed file
 * names on / and /login), and writes them to a file of their own, whose address replaces this
 * placeholder (of the same length). It is loaded at the reader's first input: until then a lazy
 * import loads its chunk's imports as the chunk names them, one round trip later. A first load
 * does not need them: the prerendered public pages and the signed-in pages' loading layouts name
 * the page's code for preloading (scripts/prerender.mjs, the API's page-preloads.ts).
 */
const preloadLists = "./preload-lists-________.js";

const firstInputs = ["pointerover", "pointerdown", "keydown", "focusin", "touchstart"] as const;

/** Loads the preload lists once the reader first moves, touches, types or tabs. */
export function loadPreloadListsOnFirstInput() {
  if (!import.meta.env.PROD) return;
  const load = () => {
    for (const input of firstInputs) window.removeEventListener(input, load, true);
    void import(/* @vite-ignore */ preloadLists).catch(() => {
      // Without the lists, a lazy import still loads all it needs, only later.
    });
  };
  for (const input of firstInputs)
    window.addEventListener(input, load, { capture: true, passive: true });
}
