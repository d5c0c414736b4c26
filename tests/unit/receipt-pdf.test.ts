import { getDocumentProxy } from "unpdf";
import { describe, expect, it } from "vitest";
import {
  type ReceiptFacts,
  renderReceiptPdf,
} from "~/features/payments/receipts/receipt-pdf.server";

const receipt: ReceiptFacts = {
  number: "LTA-R-000042",
  paidAt: new Date("2026-03-02T10:15:00Z"),
  payerName: "Ọlálékan Àdìgún",
  payerEmail: "olalekan@example.com",
  applicationReference: "LTA-7KQ2",
  courseTitle: `Cloud Engineering – ${"Infrastructure, Networking and Automation ".repeat(4)}`,
  intakeLabel: "March – June 2026",
  startsOn: "2026-03-09",
  instalmentNumber: 1,
  instalmentCount: 2,
  partOfInstalment: false,
  method: "Card",
  paymentReference: "T1234567890",
  amountKobo: 11_250_000,
  refundedKobo: 0,
  totalKobo: 22_500_000,
  paidToDateKobo: 11_250_000,
  priceLines: [
    { label: "Course price", amount: 25_000_000 },
    { label: "Discount code LAGOS10", amount: -2_500_000 },
  ],
};

/** The text items of the receipt's one page, read back by pdf.js (not the library that wrote it). */
async function textOf(facts: ReceiptFacts) {
  const document = await getDocumentProxy(await renderReceiptPdf(facts));
  const page = await document.getPage(1);
  const [, , pageWidth] = page.view;
  const content = await page.getTextContent();
  const items = content.items.flatMap((item) =>
    "str" in item && item.str.trim()
      ? [{ text: item.str, x: item.transform[4] as number, width: item.width }]
      : [],
  );
  return { pageWidth: pageWidth ?? 0, items, text: items.map((item) => item.text).join("\n") };
}

describe("the receipt PDF", () => {
  it("prints the payer's name, ₦ and the en dash as written", async () => {
    const { text } = await textOf(receipt);
    expect(text).toContain("Ọlálékan Àdìgún");
    expect(text).toContain("₦112,500.00");
    expect(text).toContain("March – June 2026");
  });

  it("shows the price line by line when something was taken off it, the lines adding up to the fee", async () => {
    const { text } = await textOf(receipt);
    expect(text).toContain(
      "Course price\n₦250,000.00\nDiscount code LAGOS10\n− ₦25,000.00\nCourse fee\n₦225,000.00",
    );
    const plain = await textOf({
      ...receipt,
      priceLines: [{ label: "Course price", amount: 22_500_000 }],
    });
    expect(plain.text).not.toContain("Course price");
  });

  it("wraps a long course name within the page", async () => {
    const { pageWidth, items, text } = await textOf(receipt);
    expect(items.length).toBeGreaterThan(0);
    for (const item of items) expect(item.x + item.width).toBeLessThanOrEqual(pageWidth - 40);
    expect(text.replace(/\s+/g, " ")).toContain(receipt.courseTitle.trim());
  });

  it("stays small: the font is subset to the glyphs used", async () => {
    expect((await renderReceiptPdf(receipt)).byteLength).toBeLessThan(60_000);
  });
});
