/**
 * A conversation's reply address: INBOUND_REPLY_ADDRESS with the conversation's token after a
 * '+' (replies+token@academy.ng). Every staff reply carries it in Reply-To, so the visitor's
 * answer finds its conversation whatever their mail app does to the subject.
 */

const TOKEN_PATTERN = /^[0-9a-f]{32}$/;

function splitAddress(address: string) {
  const at = address.lastIndexOf("@");
  return at < 1 ? null : { local: address.slice(0, at), domain: address.slice(at + 1) };
}

/** The reply address of the conversation with this token. */
export function replyAddress(inboundAddress: string, token: string) {
  const parts = splitAddress(inboundAddress);
  if (!parts) throw new Error("INBOUND_REPLY_ADDRESS is not an address");
  return `${parts.local}+${token}@${parts.domain}`;
}

/** The conversation token a recipient address carries, if it is one of our reply addresses. */
export function tokenOfAddress(inboundAddress: string, recipient: string): string | null {
  const ours = splitAddress(inboundAddress.toLowerCase());
  const theirs = splitAddress(recipient.trim().toLowerCase());
  if (!ours || !theirs || ours.domain !== theirs.domain) return null;
  const prefix = `${ours.local}+`;
  if (!theirs.local.startsWith(prefix)) return null;
  const token = theirs.local.slice(prefix.length);
  return TOKEN_PATTERN.test(token) ? token : null;
}
