import { z } from 'zod';

/**
 * Text people type may hold tabs and newlines, nothing else from the control ranges (C0, DEL, C1), no
 * bidirectional embedding, override or isolate (U+202A-U+202E, U+2066-U+2069), and no unpaired UTF-16
 * surrogate: databases refuse NUL (or cut the statement there), terminals obey escape sequences, an override
 * makes a name read backwards wherever it is shown (an email, a podcast app's feed title: "abc\u202Etxt.exe"
 * reads "abcexe.txt"), and a lone surrogate has no UTF-8 form, so it would be stored as something else. The
 * marks right-to-left text does need (U+200E, U+200F, U+061C) reverse no run of text and stay allowed.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is what this pattern is for
const CONTROL = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const FORBIDDEN_CHARACTERS_MESSAGE =
  'contains a character that is not allowed (a control character, an invisible text-direction character or broken Unicode)';

export function isCleanText(value: string): boolean {
  return !CONTROL.test(value) && !LONE_SURROGATE.test(value);
}

/** A string of clean text (see above); refine it further like any zod string. */
export const cleanText = () => z.string().refine(isCleanText, FORBIDDEN_CHARACTERS_MESSAGE);

/** One line of text, such as a name: line breaks become spaces, so nothing downstream sees a second line. */
export const oneLine = (value: string) => value.replace(/[\r\n]+/g, ' ');

/** A single-line field: line breaks become spaces before any other check (names reach email bodies). */
export const singleLineText = () => z.string().transform(oneLine).pipe(cleanText());
