// biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
const STORED_CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * Text from a machine (a webhook's JSON) made storable rather than refused: PostgreSQL takes
 * neither NUL nor a lone surrogate (half of an emoji), in text or in JSON, so a lone surrogate
 * becomes U+FFFD and the C0 controls (tabs and line breaks aside) go.
 */
export const storableText = (text: string) =>
  text.replace(LONE_SURROGATE, "\uFFFD").replace(STORED_CONTROL, "");
