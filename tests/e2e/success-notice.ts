const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The form's success text (the academy's wording), then the reference ('LTA-' and 7 digits). */
export const withReference = (success: string) =>
  new RegExp(`^${escapeRegExp(success)} Your reference is LTA-\\d{7}\\.$`);
