import { regexes } from "zod/mini";

/**
 * An e-mail address as every form accepts it: zod's own e-mail pattern, the one Better Auth
 * checks every address with (`z.email()`), so no address a form accepts is refused by it.
 */
export const emailPattern = regexes.email;

/** The address of a mailbox as MAIL_FROM writes it ('Academy <no-reply@academy.ng>'), lowercase. */
export function addressOfMailbox(mailbox: string) {
  const bracketed = mailbox.match(/<([^<>\s]+)>\s*$/)?.[1];
  return (bracketed ?? mailbox).trim().toLowerCase();
}

/** The domain of a mailbox's address ('academy.ng'), lowercase. */
export const domainOfMailbox = (mailbox: string) => {
  const address = addressOfMailbox(mailbox);
  return address.slice(address.lastIndexOf("@") + 1);
};
