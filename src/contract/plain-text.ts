/**
 * Text that may reach another person's inbox or page (names, relationships, messages to visitors) is plain text a
 * person typed (SECURITY.md 48): control characters (C0, DEL, C1) and Unicode's line and paragraph separators are
 * refused, so no typed line can pose as a header or as a line of our own. A multi-line field keeps line breaks (\n or
 * \r\n, never a lone \r, which many mail readers show as a new line) and tabs. Bidirectional embeddings, overrides and
 * isolates (U+202A–U+202E, U+2066–U+2069) are refused in both (SECURITY.md 55): "‮" turns "Ada" into what reads as
 * another name in a subject line; right-to-left text itself needs none of them.
 */
const SINGLE_LINE_FORBIDDEN = /[\p{Cc}\u2028\u2029\u202a-\u202e\u2066-\u2069]/u;
// Control characters are what this rule is about: naming them is the point (the lint rule guards against accidents).
// eslint-disable-next-line no-control-regex
const MULTI_LINE_FORBIDDEN = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]|\r(?!\n)/u;

export const controlCharacterMessages = {
  singleLine: "Use one line of plain text: line breaks and invisible control characters (often pasted from another program, such as text-direction overrides) are not accepted.",
  multiLine: "Remove the invisible control characters (often pasted from another program, such as text-direction overrides), then try again.",
} as const;

export const isSingleLine = (value: string) => !SINGLE_LINE_FORBIDDEN.test(value);
export const isPlainMultiLine = (value: string) => !MULTI_LINE_FORBIDDEN.test(value);
