/**
 * Cleaning Apple Health's export.xml on the way to the parser, piece by piece: control characters that are not legal
 * in XML (some exports carry them in device names and notes) are dropped, and the internal DTD is cut out (since iOS
 * 16 it declares attributes twice and leaves elements undeclared, which strict parsers reject; nothing in it is
 * needed). Works on a stream of text pieces in constant memory, except for the prologue before the root element
 * (the DTD is about 10 KB), which is held until the root starts.
 */

// XML 1.0 allows tab, newline and carriage return below U+0020; every other control character is dropped.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const ILLEGAL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;
/** A prologue longer than this is not an Apple Health export. */
const MAX_PROLOGUE = 4 * 1024 * 1024;

export class NotHealthExportError extends Error {}

export function createHealthXmlCleaner() {
  let prologue = "";
  let inBody = false;
  return {
    /** Takes the next piece of text and answers what the parser may read now. */
    push(piece: string): string {
      const clean = piece.replace(ILLEGAL, "");
      if (inBody) return clean;
      prologue += clean;
      const root = prologue.indexOf("<HealthData");
      if (root === -1) {
        if (prologue.length > MAX_PROLOGUE) throw new NotHealthExportError("no <HealthData> element near the start of the file");
        return "";
      }
      inBody = true;
      const head = prologue.slice(0, root);
      const body = prologue.slice(root);
      prologue = "";
      return withoutDoctype(head) + body;
    },
  };
}

/** The prologue without its `<!DOCTYPE …>` declaration (with or without an internal subset in brackets). */
function withoutDoctype(head: string): string {
  const start = head.indexOf("<!DOCTYPE");
  if (start === -1) return head;
  const bracket = head.indexOf("[", start);
  const close = head.indexOf(">", start);
  if (bracket !== -1 && (close === -1 || bracket < close)) {
    const end = head.indexOf("]>", bracket);
    // An internal subset that never closes: drop everything after its start (the root follows).
    return head.slice(0, start) + (end === -1 ? "" : head.slice(end + 2));
  }
  return head.slice(0, start) + (close === -1 ? "" : head.slice(close + 1));
}
