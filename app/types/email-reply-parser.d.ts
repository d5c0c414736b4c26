// email-reply-parser ships no types; this is the part of its API the app uses.
declare module "email-reply-parser" {
  export default class EmailReplyParser {
    /** The visible text of a reply: above the quoted history and the signature. */
    parseReply(text: string): string;
  }
}
