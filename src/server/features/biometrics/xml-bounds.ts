import { MAX_XML_MARKUP_CHARS, MAX_XML_NAME_CHARS, MAX_XML_VALUE_CHARS, ReaderBoundError, xmlBoundReasons } from "./reader-bounds";

/**
 * A lexical watch over XML text, piece by piece, before the parser gets it. saxes keeps each attribute value, text,
 * name and comment whole in a string until it ends, with no limit of its own: one 5 GB attribute grew the import to
 * gigabytes and killed the process (issue 31). This follows the same grammar (text, tags with quoted values,
 * comments, CDATA, processing instructions) and throws ReaderBoundError as soon as one of them passes its bound, so
 * the parser never holds more than the bound plus the piece being checked. Input that leaves the grammar is the
 * parser's to refuse: saxes reports it, and the reader stops after that piece.
 */

const TEXT = 0;
const OPEN = 1; // just after "<"
const TAG = 2; // a start or end tag, outside quotes
const VALUE = 3; // a quoted attribute value
const BANG = 4; // after "<!": a comment, CDATA, or a declaration
const COMMENT = 5;
const CDATA = 6;
const PI = 7;
const DECLARATION = 8;

const GT = 0x3e;

export function createXmlBounds() {
  let state = TEXT;
  /** Characters of the current value (text, attribute, CDATA) or name. */
  let run = 0;
  /** Characters of the current piece of markup, from its "<". */
  let markup = 0;
  let quote = "";
  let bang = "";
  /** "-" of a comment's end, "]" of a CDATA section's, "?" of a processing instruction's, seen just before. */
  let closers = 0;
  let inName = false;

  const fail = (which: keyof typeof xmlBoundReasons): never => {
    throw new ReaderBoundError(xmlBoundReasons[which]);
  };
  const grow = (value: number) => {
    run += value;
    if (run > MAX_XML_VALUE_CHARS) fail("value");
  };
  const growMarkup = (chars: number) => {
    markup += chars;
    if (markup > MAX_XML_MARKUP_CHARS) fail("markup");
  };

  return {
    /** Checks the next piece of text; throws ReaderBoundError when a bound is passed. */
    check(text: string): void {
      let i = 0;
      while (i < text.length) {
        if (state === TEXT) {
          // The bulk of a file is text and attribute values: found by indexOf, not character by character.
          const next = text.indexOf("<", i);
          grow((next === -1 ? text.length : next) - i);
          if (next === -1) return;
          state = OPEN;
          run = 0;
          markup = 1;
          i = next + 1;
          continue;
        }
        if (state === VALUE) {
          const end = text.indexOf(quote, i);
          const chars = (end === -1 ? text.length : end + 1) - i;
          grow(chars);
          growMarkup(chars);
          if (end === -1) return;
          state = TAG;
          i = end + 1;
          continue;
        }
        if (state === TAG) {
          // Names, spaces and "=" up to the next value or the tag's end, in one tight loop (most of a file is tags).
          const from = i;
          let c = 0;
          for (; i < text.length; i++) {
            c = text.charCodeAt(i);
            if (c === GT || c === 0x22 || c === 0x27) break;
            if (c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d || c === 0x3d /* = */ || c === 0x2f /* / */) inName = false;
            else {
              if (!inName) run = 0;
              inName = true;
              if (++run > MAX_XML_NAME_CHARS) fail("name");
            }
          }
          growMarkup(i - from);
          if (i === text.length) return;
          i++;
          growMarkup(1);
          if (c === GT) {
            state = TEXT;
            run = 0;
          } else {
            state = VALUE;
            quote = c === 0x22 ? '"' : "'";
            run = 0;
            inName = false;
          }
          continue;
        }
        const c = text.charCodeAt(i);
        i++;
        growMarkup(1);
        switch (state) {
          case OPEN:
            if (c === 0x21 /* ! */) {
              state = BANG;
              bang = "";
            } else if (c === 0x3f /* ? */) {
              state = PI;
              closers = 0;
            } else {
              state = TAG;
              inName = c !== 0x2f; /* "/" of an end tag */
              run = inName ? 1 : 0;
            }
            break;
          case BANG:
            bang += String.fromCharCode(c);
            if (bang === "--") {
              state = COMMENT;
              closers = 0;
            } else if (bang === "[CDATA[") {
              state = CDATA;
              closers = 0;
              run = 0;
            } else if (!"--".startsWith(bang) && !"[CDATA[".startsWith(bang)) {
              state = DECLARATION;
            }
            break;
          case COMMENT:
            if (c === GT && closers >= 2) state = TEXT;
            closers = c === 0x2d /* - */ ? closers + 1 : 0;
            break;
          case CDATA:
            if (c === GT && closers >= 2) {
              state = TEXT;
              run = 0;
            } else grow(1);
            closers = c === 0x5d /* ] */ ? closers + 1 : 0;
            break;
          case PI:
            if (c === GT && closers >= 1) state = TEXT;
            closers = c === 0x3f /* ? */ ? 1 : 0;
            break;
          case DECLARATION:
            // A declaration inside the document is an error saxes reports; its ">" ends it here.
            if (c === GT) state = TEXT;
            break;
        }
        if (state === TEXT) run = 0;
      }
    },
  };
}
