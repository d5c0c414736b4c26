/**
 * What is left to pay of an instalment: its amount less its paid payments. Staff may record a
 * part of it (cash at the office); whatever pays it next pays what is left, and it is paid once
 * nothing is left. Refunds do not count here: a refunded instalment shows as refunded.
 */
export function leftToPay(
  instalment: { id: string; amount: number },
  payments: readonly { instalmentId: string; status: string; amount: number }[],
) {
  const paid = payments
    .filter((payment) => payment.instalmentId === instalment.id && payment.status === "paid")
    .reduce((sum, payment) => sum + payment.amount, 0);
  return Math.max(instalment.amount - paid, 0);
}
