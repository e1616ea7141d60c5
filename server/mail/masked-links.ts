/**
 * A mailed link's token is a key to an account (a password reset, an e-mail verification) until it
 * is spent or expires. The mail log shows what was sent to people who must not hold those keys
 * (`mailLogs:view`), so its answers carry the links with the token's value hidden.
 */
const HIDDEN = '[hidden]';
/** `token=` as a query parameter, in text or in an HTML attribute (`&amp;token=`). */
const LINK_TOKEN = /([?&](?:amp;)?token=)[^&"'<>\s]+/gi;

export function maskLinkTokens(text: string): string {
  return text.replace(LINK_TOKEN, `$1${encodeURIComponent(HIDDEN)}`);
}

/** A logged mail as the log shows it: text and HTML with their link tokens hidden. */
export function maskedMail<T extends { text: string; html: string }>(mail: T): T {
  return { ...mail, text: maskLinkTokens(mail.text), html: maskLinkTokens(mail.html) };
}
