/**
 * The text of an e-mail that carries a one-time link to an admin's account (a password reset, a
 * sign-in link): who asked, what the link does and until when, the link, and why to ignore it.
 */
export function accountLinkEmailText(parts: {
  name: string;
  asked: string;
  open: string;
  link: string;
  ifNotYou: string[];
}) {
  return [
    `Hello ${parts.name},`,
    "",
    `Someone (hopefully you) asked ${parts.asked}.`,
    parts.open,
    "",
    parts.link,
    "",
    ...parts.ifNotYou,
  ].join("\n");
}
