import { expect, type Page } from "@playwright/test";

/** The phone widths a page must fit: the common 360 px Android and the small 320 px one. */
export const PHONE_WIDTHS = [360, 320] as const;

/**
 * Nothing makes the page wider than the screen (the phone would zoom out and open dialogs half
 * off-screen) and each open dialog lies wholly on screen, at each phone width in turn; the
 * page's own viewport is put back after.
 */
export async function expectFitsPhones(page: Page, what: string) {
  const viewport = page.viewportSize();
  for (const width of PHONE_WIDTHS) {
    await page.setViewportSize({ width, height: viewport?.height ?? 740 });
    const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    const sticksOut = pageWidth > width ? await widestElements(page, width) : "";
    expect(pageWidth, `${what}: the page's width at ${width} px${sticksOut}`).toBeLessThanOrEqual(
      width,
    );
    for (const dialog of await page.getByRole("dialog").all()) {
      const box = await dialog.boundingBox();
      expect(box, `${what}: the dialog is laid out at ${width} px`).not.toBeNull();
      if (!box) continue;
      expect(box.x, `${what}: the dialog's left edge at ${width} px`).toBeGreaterThanOrEqual(0);
      expect(
        box.x + box.width,
        `${what}: the dialog's right edge at ${width} px`,
      ).toBeLessThanOrEqual(width);
    }
  }
  if (viewport) await page.setViewportSize(viewport);
}

/** The innermost elements reaching past the screen's right edge, with where they sit, to name in a failure. */
function widestElements(page: Page, width: number) {
  return page.evaluate((screen) => {
    const past = [...document.body.querySelectorAll("*")].filter(
      (element) => element.getBoundingClientRect().right > screen,
    );
    const innermost = past.filter(
      (element) => !past.some((other) => element.contains(other) && other !== element),
    );
    const name = (element: Element) =>
      `${element.tagName.toLowerCase()}${element.className ? `.${String(element.className).trim().split(/\s+/).slice(0, 3).join(".")}` : ""}`;
    const path = (element: Element) => {
      const chain: string[] = [];
      for (let at: Element | null = element; at && chain.length < 4; at = at.parentElement)
        chain.unshift(name(at));
      return chain.join(" > ");
    };
    return `; past the edge: ${innermost
      .slice(0, 3)
      .map(
        (element) =>
          `${path(element)} '${element.textContent?.trim().slice(0, 30)}' to ${Math.round(element.getBoundingClientRect().right)} px`,
      )
      .join("; ")}`;
  }, width);
}
