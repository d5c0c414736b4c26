import { addDemoSession, expect, openPortal, PORTAL, test } from "./portal-fixtures";

test("the dashboard's cards side by side end near each other", async ({ page, superApi }) => {
  await addDemoSession(page.context(), superApi);
  await openPortal(page, `${PORTAL}/dashboard`);
  const cards = ["Recent Activity", "Quick Actions", "WhatsApp chats this week"];
  // Where each card's content starts and ends (a card may be stretched beyond its content).
  const boxes = [];
  for (const name of cards) {
    const card = page.getByRole("region", { name, exact: true });
    await expect(card).toBeVisible();
    boxes.push(
      await card.evaluate((element) => {
        const box = element.getBoundingClientRect();
        const last = element.lastElementChild?.getBoundingClientRect();
        return { left: Math.round(box.left), top: box.top, end: last?.bottom ?? box.bottom };
      }),
    );
  }
  const ends = new Map<number, number>();
  for (const box of boxes) ends.set(box.left, Math.max(ends.get(box.left) ?? 0, box.end));
  expect(ends.size, "the cards stand in two columns").toBe(2);
  const top = Math.min(...boxes.map((box) => box.top));
  const bottoms = [...ends.values()];
  const tallest = Math.max(...bottoms) - top;
  const blank = Math.max(...bottoms) - Math.min(...bottoms);
  expect(blank, "the blank beside the shorter column").toBeLessThanOrEqual(tallest / 2);
});
