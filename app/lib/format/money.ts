const naira = new Intl.NumberFormat("en-NG", {
  style: "currency",
  currency: "NGN",
  currencyDisplay: "narrowSymbol",
  maximumFractionDigits: 0,
  minimumFractionDigits: 0,
});

/** Whole Naira as `₦250,000`. */
export function formatNaira(amount: number): string {
  return naira.format(Math.round(amount));
}
