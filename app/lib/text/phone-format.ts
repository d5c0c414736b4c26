// Phone numbers as stored (E.164, made by phone-number.ts), written for people and compared,
// without libphonenumber: the portal's lists show numbers and need none of its metadata.

/** '+2348031234567' as people read it: '+234 803 123 4567'; other numbers as stored. */
export function formatPhone(international: string) {
  const match = international.match(/^\+234(\d{3})(\d{3})(\d{4})$/);
  return match ? `+234 ${match[1]} ${match[2]} ${match[3]}` : international;
}

/**
 * The last ten digits of a phone number, so that '0803 123 4567' and '+234 803 123 4567' are the
 * same number; null when it has fewer than ten (too short to say two people are one). The SQL
 * beside each phone index computes the same (`right(regexp_replace(phone, '[^0-9]', '', 'g'), 10)`).
 */
export function phoneDigits(phone: string | null | undefined): string | null {
  const digits = (phone ?? "").replace(/[^0-9]/g, "").slice(-10);
  return digits.length === 10 ? digits : null;
}
