/** The hidden field of the public forms that people never see; bots that fill it are ignored. */
export const HONEYPOT_FIELD = "website";
