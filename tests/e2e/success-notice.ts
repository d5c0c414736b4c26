const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** SPEC.md's success text, word for word, then the message's reference ('LTA-' and 7 digits). */
export const withReference = (success: string) =>
  new RegExp(`^${escapeRegExp(success)} Your reference is LTA-\\d{7}\\.$`);
