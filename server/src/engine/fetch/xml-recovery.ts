import { Parser } from 'htmlparser2';

export interface RecoveredXml {
  /** Well-formed XML, or '' when nothing like a document element was found. */
  xml: string;
  /** Entries (`<item>`, `<entry>`) still open where the document ended, left out. */
  cutEntries: number;
}

const XML_NAME = /^[A-Za-z_][\w.:-]*$/;
const ENTRY = /^(?:[\w.-]+:)?(?:item|entry)$/i;

/**
 * A document that is not well-formed XML read the way browsers and feedparser's loose parser read it
 * (htmlparser2 in XML mode: an unclosed element is closed by its parent's end tag or by the end of the
 * document, an end tag that closes nothing is ignored, a bare `&` is text), written out again as
 * well-formed XML for the strict reader. Entity references are kept as they were written, so `&eacute;` still
 * means what the feed meant (htmlparser2's XML mode would only know the five XML ones). The prolog, comments and
 * anything after the document element are left out: an XML declaration after a comment or a byte-order mark is
 * what made many such documents ill-formed, and the text is already decoded.
 *
 * An entry still open where the document ended is left out: a transfer cut short would otherwise be stored
 * with its text cut, and the next whole fetch would find it already known and never mend it.
 */
export function recoverXml(input: string): RecoveredXml {
  const out: string[] = [];
  const open: Array<{ name: string; kept: boolean; mark: number }> = [];
  let text = '';
  let inCdata = false;
  let rootDone = false;
  let ending = false;
  let cutEntries = 0;

  const inRoot = () => open.length > 0 && !rootDone;
  const flushText = () => {
    if (text && inRoot()) out.push(inCdata ? cdata(text) : escapeText(text));
    text = '';
  };

  const parser = new Parser(
    {
      onopentag(name, attribs) {
        flushText();
        if (rootDone) return;
        const kept = XML_NAME.test(name);
        open.push({ name, kept, mark: out.length });
        if (kept) out.push(`<${name}${attributes(attribs)}>`);
      },
      onclosetag(name) {
        flushText();
        const element = open.pop();
        if (!element || rootDone) return;
        if (ending && ENTRY.test(name)) {
          out.length = element.mark;
          cutEntries++;
        } else if (element.kept) {
          out.push(`</${name}>`);
        }
        if (open.length === 0) rootDone = true;
      },
      ontext(data) {
        text += data;
      },
      oncdatastart() {
        flushText();
        inCdata = true;
      },
      oncdataend() {
        flushText();
        inCdata = false;
      },
      oncomment: flushText,
      onprocessinginstruction: flushText,
    },
    { xmlMode: true, decodeEntities: false },
  );
  parser.write(bareLessThanEscaped(input));
  ending = true;
  parser.end();
  return { xml: out.join(''), cutEntries };
}

/**
 * A `<` that cannot open a tag (`1 <2`, `<3`) escaped first, outside CDATA sections, as an HTML parser reads it:
 * in XML mode htmlparser2 would take `<3 y</title>` for a tag and lose the words.
 */
function bareLessThanEscaped(xml: string): string {
  return xml
    .split(/(<!\[CDATA\[[\s\S]*?\]\]>)/)
    .map((part, i) => (i % 2 ? part : part.replace(/<(?![\p{L}_:/!?])/gu, '&lt;')))
    .join('');
}

function attributes(attribs: Record<string, string>): string {
  let s = '';
  for (const [name, value] of Object.entries(attribs)) {
    if (XML_NAME.test(name)) s += ` ${name}="${escapeText(value).replace(/"/g, '&quot;')}"`;
  }
  return s;
}

/**
 * Text as written, made well-formed: `<` and `>` escaped, `&#X41;` (which HTML allows) read as `&#x41;`, and an
 * `&` that starts no reference (`?a=1&b=2`, `AT&T`) escaped.
 */
function escapeText(s: string): string {
  return s
    .replace(/&#X/g, '&#x')
    .replace(/&(?!(?:#\d+|#x[0-9a-fA-F]+|[A-Za-z][\w.-]*);)/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
}

function cdata(s: string): string {
  return `<![CDATA[${s.replace(/]]>/g, ']]]]><![CDATA[>')}]]>`;
}
