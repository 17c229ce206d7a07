/**
 * Terminal output for operator commands: aligned tables and "key: value" fields. Cells hold what others
 * typed (waitlist names, feed titles, SMTP and HTTP errors), so control characters are printed visibly:
 * an escape sequence in a name must not reach the operator's terminal, nor a newline forge a row.
 */

// C0 and C1 controls, DEL, line separators and the bidirectional overrides that reorder what a line shows.
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

/** `\x1b` becomes the six characters `\u001b`. */
export function visible(text: string): string {
  return text.replace(UNSAFE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

// East Asian wide and fullwidth blocks: Hangul, CJK, kana, fullwidth forms. Terminals give them two columns.
const WIDE =
  /^[\u1100-\u115f\u2e80-\u303e\u3041-\u33ff\u3400-\u4dbf\u4e00-\u9fff\ua000-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6\u{20000}-\u{2fffd}\u{30000}-\u{3fffd}]/u;
const EMOJI = /\p{Emoji_Presentation}|\ufe0f/u;
const ZERO_WIDTH = /^[\p{Mn}\p{Me}\p{Cf}]+$/u;
const graphemes = new Intl.Segmenter();

/** The columns a terminal gives the text: one per character as seen (accents included), two for CJK and emoji. */
export function displayWidth(text: string): number {
  let width = 0;
  for (const { segment } of graphemes.segment(text)) {
    if (ZERO_WIDTH.test(segment)) continue;
    width += WIDE.test(segment) || EMOJI.test(segment) ? 2 : 1;
  }
  return width;
}

function padEnd(text: string, width: number): string {
  return text + ' '.repeat(Math.max(0, width - displayWidth(text)));
}

/** A plain aligned table (console.table adds an index column and quotes); a missing cell is blank. */
export function formatTable<K extends string>(rows: ReadonlyArray<Partial<Record<K, string>>>, columns: readonly K[]): string {
  const cells = rows.map((row) => columns.map((c) => visible(row[c] ?? '')));
  const widths = columns.map((c, i) => Math.max(displayWidth(c), ...cells.map((row) => displayWidth(row[i]!))));
  const line = (values: string[]) =>
    values
      .map((value, i) => padEnd(value, widths[i]!))
      .join('  ')
      .trimEnd();
  return [line([...columns]), line(widths.map((w) => '-'.repeat(w))), ...cells.map(line)].join('\n');
}

/** One record as "key:  value" lines, the values aligned. */
export function formatFields(fields: ReadonlyArray<readonly [string, string]>): string {
  const width = Math.max(...fields.map(([key]) => displayWidth(key)));
  return fields.map(([key, value]) => `${padEnd(`${key}:`, width + 1)}  ${visible(value)}`).join('\n');
}
