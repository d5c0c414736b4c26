// `npm run bench:certificates`: what a certificate PDF costs, made from its row on every
// download and e-mail (decision 0073). It renders BENCH_PDFS (default 200) certificates and as
// many receipts (the reference, taken in the same run since this machine is noisy) and prints
// the median and p95 milliseconds of each, the certificate's time as a multiple of the
// receipt's, and each file's size. Figures only: nothing is asserted.

import { performance } from "node:perf_hooks";
import { renderCertificatePdf } from "../../app/features/certificates/certificate-pdf.server";
import { renderReceiptPdf } from "../../app/features/payments/receipts/receipt-pdf.server";

const RUNS = Number(process.env.BENCH_PDFS ?? 200);

const certificate = (index: number) => ({
  serial: `LTA-C-7K3M9QXF${String(index % 100).padStart(2, "0")}`,
  holderName: "Ọlálékan Àdìgún",
  courseTitle: "UI/UX Design Fundamentals",
  startsOn: "2027-01-12",
  endsOn: "2027-04-30",
  hours: 48,
  issuedAt: new Date("2027-05-03T09:00:00Z"),
  signatoryName: "Adaeze Okafor",
  signatoryTitle: "Director of Studies",
  verifyUrl: `https://lagostechacademy.ng/verify/LTA-C-7K3M9QXF${String(index % 100).padStart(2, "0")}`,
});

const receipt = (index: number) => ({
  number: `LTA-R-${String(index).padStart(6, "0")}`,
  paidAt: new Date("2027-01-05T10:00:00Z"),
  payerName: "Ọlálékan Àdìgún",
  payerEmail: "olalekan@example.com",
  applicationReference: "LTA-A-001234",
  courseTitle: "UI/UX Design Fundamentals",
  intakeLabel: "January 2027 · weekday evenings",
  startsOn: "2027-01-12",
  instalmentNumber: 1,
  partOfInstalment: false,
  instalmentCount: 2,
  method: "Card (Paystack)",
  paymentReference: `LTA-P-${index}`,
  amountKobo: 12_500_000,
  refundedKobo: 0,
  totalKobo: 25_000_000,
  paidToDateKobo: 12_500_000,
  priceLines: [{ label: "Course price", amount: 25_000_000 }],
});

async function timings(render: (index: number) => Promise<Uint8Array>) {
  const times: number[] = [];
  let bytes = 0;
  for (let index = 0; index < RUNS; index++) {
    const started = performance.now();
    bytes = (await render(index)).byteLength;
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const at = (share: number) =>
    times[Math.min(times.length - 1, Math.floor(share * times.length))] ?? 0;
  return { median: at(0.5), p95: at(0.95), bytes };
}

// One of each first, so neither pays for loading the fonts in the figures.
await renderCertificatePdf(certificate(0));
await renderReceiptPdf(receipt(0));
const receipts = await timings((index) => renderReceiptPdf(receipt(index)));
const certificates = await timings((index) => renderCertificatePdf(certificate(index)));

const row = (name: string, figures: typeof receipts) =>
  `${name.padEnd(12)} ${figures.median.toFixed(1).padStart(8)} ms ${figures.p95.toFixed(1).padStart(8)} ms ${(figures.bytes / 1024).toFixed(1).padStart(8)} KB`;
console.log(`${RUNS} PDFs of each, made one after another in this process\n`);
console.log(
  `${"".padEnd(12)} ${"median".padStart(11)} ${"p95".padStart(11)} ${"size".padStart(11)}`,
);
console.log(row("receipt", receipts));
console.log(row("certificate", certificates));
console.log(
  `\ncertificate / receipt, median time: ${(certificates.median / receipts.median).toFixed(2)}×`,
);
