// Every text a page gives a user: its text nodes (visually hidden ones included: a screen reader
// reads them) and the attributes that are read or shown (aria-label, title, placeholder, alt).
import type { Page } from "@playwright/test";

export function pageTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const texts = new Set<string>();
    const add = (value: string | null) => {
      const text = value?.replace(/\s+/g, " ").trim();
      if (text) texts.add(text);
    };
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.parentElement?.closest("script, style, template")) add(node.nodeValue);
    }
    for (const element of document.body.querySelectorAll("[aria-label], [title], [placeholder], [alt]")) {
      for (const attribute of ["aria-label", "title", "placeholder", "alt"]) add(element.getAttribute(attribute));
    }
    add(document.title);
    return [...texts];
  });
}
