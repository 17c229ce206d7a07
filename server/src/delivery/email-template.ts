import { randomBytes } from 'node:crypto';
import { encode as qpEncode, wrap as qpWrap } from 'nodemailer/lib/qp';
import { escapeHtml } from '../lib/html.js';
import type { MailPart } from '../mail/mailer.js';
import { RATINGS, renderWithGreeting, type DigestEmailContent, type DigestEmailLinks } from './render.js';

/** What differs between two subscribers handed the same digest content: the greeting, their signed links, their Listen line. */
export interface PersonalParts {
  greeting: string;
  links: Omit<DigestEmailLinks, 'preferences' | 'entity'>;
}

/** Quoted-printable lines are at most 76 characters (RFC 2045), as nodemailer wraps them. */
const QP_LINE = 76;

/**
 * Field marks that cannot occur in a rendered digest: a NUL and a per-process random tag around the
 * field's name (`g` greeting, `w` web, `r1`..`r5` rating, `u` unsubscribe, `lu` and `ll` the Listen line's
 * address and words). A line whose field has no value for a message is left out of it (the Listen line of a
 * subscriber without a ready episode).
 */
const TAG = randomBytes(6).toString('hex');
const fieldMark = (name: string) => `\u0000${TAG}:${name}\u0000`;
const FIELD_MARK = new RegExp(`\u0000${TAG}:(\\w+)\u0000`);

type Segment = { encoded: string } | { pieces: string[]; fields: string[] };

/**
 * One digest content's email, rendered and MIME-encoded once for every subscriber who receives it
 * (docs/decisions/306). The renderer (render.ts) runs once with field marks where the greeting and the
 * subscriber's links go; the lines without one are quoted-printable encoded once, and each message
 * encodes only its few personal lines (greeting, links). Lines are encoded whole, so the parts joined
 * back are valid quoted-printable of exactly what `renderDigestEmail` gives for that subscriber.
 */
export class DigestEmailTemplate {
  readonly subject: string;
  private readonly html: Segment[];
  private readonly text: Segment[];

  constructor(content: DigestEmailContent, preferencesUrl: string, entityUrl?: (entityId: string) => string) {
    const rendered = renderWithGreeting(fieldMark('g'), content, {
      web: fieldMark('w'),
      rate: (n) => fieldMark(`r${n}`),
      unsubscribe: fieldMark('u'),
      preferences: preferencesUrl,
      ...(entityUrl ? { entity: entityUrl } : {}),
      listen: { url: fieldMark('lu'), label: fieldMark('ll') },
    });
    this.subject = rendered.subject;
    this.html = compile(rendered.html);
    this.text = compile(rendered.text);
  }

  /** The text and HTML parts of one subscriber's message, ready for nodemailer (`{ raw }` MIME nodes). */
  parts(personal: PersonalParts): { text: MailPart; html: MailPart } {
    const values: Record<string, string> = { g: personal.greeting, w: personal.links.web, u: personal.links.unsubscribe };
    for (const n of RATINGS) values[`r${n}`] = personal.links.rate(n);
    if (personal.links.listen) {
      values.lu = personal.links.listen.url;
      values.ll = personal.links.listen.label;
    }
    const escaped: Record<string, string> = {};
    for (const [k, v] of Object.entries(values)) escaped[k] = escapeHtml(v);
    return {
      text: {
        raw: `Content-Type: text/plain; charset=utf-8\nContent-Transfer-Encoding: quoted-printable\n\n${assemble(this.text, values)}`,
      },
      html: {
        raw: `Content-Type: text/html; charset=utf-8\nContent-Transfer-Encoding: quoted-printable\n\n${assemble(this.html, escaped)}`,
      },
    };
  }
}

function encodeLines(lines: string): string {
  return qpWrap(qpEncode(Buffer.from(lines, 'utf8')), QP_LINE);
}

/** Splits a rendered part into runs of lines without a field mark (encoded now) and lines with one (filled in per message). */
function compile(part: string): Segment[] {
  const segments: Segment[] = [];
  let run: string[] = [];
  const flush = () => {
    if (run.length) segments.push({ encoded: encodeLines(run.join('\n')) });
    run = [];
  };
  for (const line of part.split('\n')) {
    if (!FIELD_MARK.test(line)) {
      run.push(line);
      continue;
    }
    flush();
    // split() with a capturing group alternates text and field names: text, field, text, ..., text.
    const split = line.split(FIELD_MARK);
    segments.push({ pieces: split.filter((_, i) => i % 2 === 0), fields: split.filter((_, i) => i % 2 === 1) });
  }
  flush();
  return segments;
}

function assemble(segments: Segment[], values: Record<string, string>): string {
  let out = '';
  let first = true;
  for (const segment of segments) {
    // A line with a field this message has no value for is not in it at all (not even as an empty line).
    if ('fields' in segment && segment.fields.some((f) => values[f] === undefined)) continue;
    if (!first) out += '\n';
    first = false;
    if ('encoded' in segment) {
      out += segment.encoded;
      continue;
    }
    let line = segment.pieces[0]!;
    for (let f = 0; f < segment.fields.length; f++) line += values[segment.fields[f]!]! + segment.pieces[f + 1]!;
    out += encodeLines(line);
  }
  return out;
}
