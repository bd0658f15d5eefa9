// Loads a namespace the page did not carry (after a language change) with the browser's own
// fetch: no HTTP backend package and no fetch polyfill in the client bundle.
import type { BackendModule } from "i18next";

export const fetchBackend: BackendModule = {
  type: "backend",
  init() {},
  read(language, namespace, callback) {
    fetch(`/locales/${encodeURIComponent(language)}/${encodeURIComponent(namespace)}.json`)
      .then((response) => {
        if (!response.ok) throw new Error(`translations ${language}/${namespace}: HTTP ${response.status}`);
        return response.json();
      })
      .then(
        (resources) => callback(null, resources),
        (error: Error) => callback(error, false),
      );
  },
};
