import { expect, type Locator } from '@playwright/test';

/*
 * Layout checks a picture cannot make plain: a tab whose words wrap onto a second line, or that
 * runs past its bar or the screen's edge (issue 34 at 360 px: 'Pagamento' clipped in the store
 * information, 'Vem comer' wrapped in the checkout).
 */

/** Each tab of the bar on one line and whole inside the bar and the viewport. */
export async function expectTabsWhole(tablist: Locator) {
  await expect(tablist).toBeVisible();
  const tabs = await tablist.evaluate((list) => {
    const doc = list.ownerDocument;
    const view = doc.defaultView!;
    const bar = list.getBoundingClientRect();
    const right = Math.min(bar.right, view.innerWidth) + 0.5;
    return [...list.querySelectorAll('[role="tab"]')].map((tab) => {
      // The line boxes of its words: one distinct top per line.
      const tops = new Set<number>();
      const walker = doc.createTreeWalker(tab, 4 /* NodeFilter.SHOW_TEXT */);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (!node.textContent?.trim()) continue;
        const range = doc.createRange();
        range.selectNodeContents(node);
        for (const rect of range.getClientRects()) if (rect.width > 0) tops.add(Math.round(rect.top));
      }
      const box = tab.getBoundingClientRect();
      return {
        name: tab.textContent?.trim() ?? '',
        lines: tops.size,
        inside: box.left >= bar.left - 0.5 && box.right <= right && tab.scrollWidth <= tab.clientWidth + 1,
      };
    });
  });
  expect(tabs.length).toBeGreaterThan(1);
  for (const tab of tabs) expect(tab, `the tab '${tab.name}'`).toMatchObject({ lines: 1, inside: true });
}
