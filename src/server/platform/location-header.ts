const encodeOne = (character: string): string => {
  try {
    return encodeURIComponent(character);
  } catch {
    return "%EF%BF%BD"; // a lone surrogate (URIError): U+FFFD, as a browser would write it
  }
};

/**
 * A local path made safe for a Location header: every character outside printable ASCII is percent-encoded (as a
 * browser would), so a path holding "ā" or a control character can never make Node refuse the header, which would
 * happen only after a sign-in token was already spent.
 */
export function toLocationHeader(path: string): string {
  return path.replace(/[^\x21-\x7e]/gu, encodeOne);
}
