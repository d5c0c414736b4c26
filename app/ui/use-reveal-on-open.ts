import { useEffect } from "react";

/**
 * Scrolls the element with `elementId` into view when `openId` changes and its top is off
 * screen. Links that open an item keep the scroll position (preventScrollReset), which on a
 * phone, where the list gives way to the item, can leave the opened item above the screen.
 */
export function useRevealOnOpen(elementId: string, openId: string | null) {
  useEffect(() => {
    if (!openId) return;
    const element = document.getElementById(elementId);
    if (!element) return;
    const { top } = element.getBoundingClientRect();
    // At once: the page's smooth scrolling would show the item only after an animation.
    if (top < 0 || top > window.innerHeight)
      element.scrollIntoView({ block: "start", behavior: "instant" });
  }, [elementId, openId]);
}
