/**
 * Money is whole kobo everywhere (100 kobo to the Naira, the unit Paystack uses): in the
 * database, in services and in what they return. Only a form a person types Naira into, and
 * what a page shows, speak Naira.
 */

const wholeNaira = new Intl.NumberFormat("en-NG", {
  style: "currency",
  currency: "NGN",
  currencyDisplay: "narrowSymbol",
  maximumFractionDigits: 0,
});
const nairaAndKobo = new Intl.NumberFormat("en-NG", {
  style: "currency",
  currency: "NGN",
  currencyDisplay: "narrowSymbol",
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** An amount in kobo as people read it: `₦250,000`, or `₦1,250.50` when it has kobo. */
export function formatNaira(kobo: number): string {
  const whole = Math.round(kobo);
  return whole % 100 === 0 ? wholeNaira.format(whole / 100) : nairaAndKobo.format(whole / 100);
}

/** Naira as typed into a form, in kobo. */
export const koboFromNaira = (naira: number) => Math.round(naira * 100);

/** Kobo as a form shows it for editing, in Naira. */
export const nairaFromKobo = (kobo: number) => kobo / 100;
