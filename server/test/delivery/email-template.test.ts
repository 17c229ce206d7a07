import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, test } from 'node:test';
import { doIUseEmail } from '@jsx-email/doiuse-email';
import { simpleParser } from 'mailparser';
import nodemailer from 'nodemailer';
import type { DigestStory } from '@dcbrief/shared';
import { DigestEmailTemplate } from '../../src/delivery/email-template.js';
import { greetingFor, renderDigestEmail, type DigestEmailContent } from '../../src/delivery/render.js';
import { createLogger } from '../../src/lib/logger.js';
import { EmlFolderMailer } from '../../src/mail/mailer.js';
import { digestStory } from '../support/fixtures.js';

const PREFERENCES = 'https://brief.example/dashboard';
const links = (user: string) => ({
  web: `https://brief.example/digests/${user}-digest`,
  rate: (n: number) => `https://brief.example/api/email/rate?t=${'tok'.repeat(40)}.${user}&rating=${n}`,
  unsubscribe: `https://brief.example/api/email/unsubscribe?t=${'uns'.repeat(50)}.${user}`,
  // A premium subscriber's episode is ready for u1 and u3 (an address with characters HTML escapes); u2 has no line.
  listen:
    user === 'u2'
      ? null
      : { url: `https://brief.example/audio/${user}-digest?from=email&x=<1>`, label: `Listen (${user === 'u1' ? 7 : 12} min)` },
});

const story = (title: string, extra: Partial<DigestStory> = {}) => digestStory(title, extra);
const CONTENTS: Record<string, DigestEmailContent> = {
  'a daily brief with non-ASCII text, long lines and a line starting with a dot': {
    kind: 'daily',
    date: '2026-11-24',
    title: 'Daily brief, Nov 24: Équinix ouvre MD7 à Madrid',
    quiet: false,
    stories: [
      story('Équinix ouvre MD7 à Madrid — 40 MW', {
        summary: [{ text: `${'Der Betreiber nahm 40 MW in Betrieb, so die Unterlagen. '.repeat(12)}`, language: 'de', sourceIds: ['dcd'] }],
        keyFigures: ['40 MW', '€1.2 bn'],
      }),
      story('.NET-based DCIM vendor raises $20M · 東京 campus', {
        summary: [{ text: '.starts with a dot', language: 'en', sourceIds: ['dcd'] }],
      }),
      story('Trailing spaces   ', { summary: [{ text: 'Ends with a tab\t', language: 'en', sourceIds: ['heise'] }] }),
    ],
  },
  'a quiet weekly note': { kind: 'weekly', date: '2026-11-23', title: 'Weekly summary to Nov 23: a quiet week', quiet: true, stories: [] },
  'a breaking alert': {
    kind: 'breaking',
    date: '2026-11-24',
    title: 'Breaking, Nov 24: Outage at FRA5',
    quiet: false,
    stories: [story('Outage at FRA5')],
  },
};
const READERS = [
  { name: 'Ada', user: 'u1' },
  { name: '', user: 'u2' },
  { name: 'Zoë <O\'Brien> & "Co"', user: 'u3' },
];

/** A message as the SMTP transport writes it, parsed back as a mail client would. */
async function roundTrip(message: { subject: string; text: unknown; html: unknown }) {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
  const info = await transport.sendMail({
    from: 'DC Brief <brief@localhost>',
    to: 'reader@example.com',
    ...(message as { subject: string; text: string; html: string }),
  });
  const raw = (info.message as Buffer).toString('utf8');
  return { raw, parsed: await simpleParser(info.message as Buffer) };
}

describe('a digest email encoded once per content', () => {
  for (const [name, content] of Object.entries(CONTENTS)) {
    test(`${name}: every subscriber's message decodes to exactly what the renderer gives them`, async () => {
      const template = new DigestEmailTemplate(content, PREFERENCES);
      for (const reader of READERS) {
        const personal = { ...links(reader.user), preferences: PREFERENCES };
        const expected = renderDigestEmail(reader.name, content, personal);
        const greeting = greetingFor(reader.name, content.kind);
        const { raw, parsed } = await roundTrip({ subject: template.subject, ...template.parts({ greeting, links: links(reader.user) }) });
        assert.equal(template.subject, expected.subject);
        assert.equal(parsed.subject, expected.subject);
        assert.equal(parsed.text, expected.text, 'the plain-text part');
        assert.equal(parsed.html, expected.html, 'the HTML part');
        // The Listen line is the subscriber's own: present with their ready episode, absent (no empty line) without.
        if (reader.user === 'u2') assert.doesNotMatch(`${parsed.text}${parsed.html}`, /Listen \(/);
        else {
          assert.match(
            parsed.text ?? '',
            new RegExp(`^Listen \\(\\d+ min\\): https://brief\\.example/audio/${reader.user}-digest\\?from=email&x=<1>$`, 'm'),
          );
          assert.ok(
            (parsed.html as string).includes(`href="https://brief.example/audio/${reader.user}-digest?from=email&amp;x=&lt;1&gt;"`),
          );
        }
        // Valid quoted-printable: no line over 76 characters, nothing but ASCII on the wire.
        const longest = Math.max(...raw.split(/\r?\n/).map((l) => l.length));
        assert.ok(longest <= 76, `longest line ${longest}`);
        assert.match(raw, /^[\x09\x0a\x0d\x20-\x7e]*$/, '7-bit on the wire');
        assert.equal((raw.match(/Content-Transfer-Encoding: quoted-printable/g) ?? []).length, 2, 'both parts quoted-printable');
      }
    });
  }

  test('the embedded default writes the same message to an .eml file (the .eml folder mailer, Unix newlines)', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'dcbrief-eml-'));
    try {
      const content = CONTENTS['a daily brief with non-ASCII text, long lines and a line starting with a dot']!;
      const template = new DigestEmailTemplate(content, PREFERENCES);
      const mailer = new EmlFolderMailer(dir, 'DC Brief <brief@localhost>', createLogger('silent'));
      const { file } = await mailer.send({
        to: 'reader@example.com',
        subject: template.subject,
        ...template.parts({ greeting: 'Good morning, Ada.', links: links('eml') }),
      });
      const parsed = await simpleParser(readFileSync(file!));
      const expected = renderDigestEmail('Ada', content, { ...links('eml'), preferences: PREFERENCES });
      assert.equal(parsed.text, expected.text);
      assert.equal(parsed.html, expected.html);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test("the personal lines carry only this subscriber's links: nothing of the previous message leaks into the next", async () => {
    const template = new DigestEmailTemplate(CONTENTS['a breaking alert']!, PREFERENCES);
    const first = await roundTrip({
      subject: template.subject,
      ...template.parts({ greeting: 'Good morning, A.', links: links('first-user') }),
    });
    const second = await roundTrip({
      subject: template.subject,
      ...template.parts({ greeting: 'Good morning, B.', links: links('second-user') }),
    });
    assert.ok((first.parsed.html as string).includes('first-user') && !(first.parsed.html as string).includes('second-user'));
    assert.ok((second.parsed.text ?? '').includes('second-user') && !(second.parsed.text ?? '').includes('first-user'));
    assert.ok((second.parsed.text ?? '').startsWith('DC Brief | Breaking'));
  });
});

/**
 * What caniemail's data (through @jsx-email/doiuse-email) says some client does not support, and why the
 * digest still reads whole there: each is an enhancement with a fallback, never content or layout. Anything
 * else it reports fails the test.
 */
const DEGRADES_GRACEFULLY: Record<string, string> = {
  '@media': 'the phone padding and the dark palette; without it the light layout at its fluid width',
  'Attribute selector': "Outlook.com's [data-ogsc] dark hooks; elsewhere ignored",
  'Class selector': 'the dark palette and phone padding; inline styles carry the light design',
  'Descendant combinator': 'the [data-ogsc] dark hooks',
  '!important keyword': 'dark overrides only',
  '<body> element': "the body's background is repeated on the outer table (bgcolor)",
  'display:none': 'the preheader is also hidden by max-height:0, overflow:hidden, font-size:1px and mso-hide',
  opacity: 'the preheader only, hidden by max-height:0 too',
  overflow: 'the preheader only, hidden by max-height:0 too',
  'border-radius': 'square corners on the card and the rating buttons',
  'role attribute': 'role="presentation" is a screen-reader hint on layout tables',
  'lang attribute': 'a language hint for screen readers',
  'width attribute': 'the Outlook ghost table and the buttons also carry CSS widths',
  'text-decoration': 'links without underline where it is dropped',
};

describe('the digest email against caniemail', () => {
  for (const [name, content] of Object.entries(CONTENTS)) {
    test(`${name}: every unsupported feature in any client degrades gracefully (no content or layout lost in Outlook or elsewhere)`, () => {
      const { html } = renderDigestEmail('Ana', content, { ...links('lint'), preferences: PREFERENCES });
      const result = doIUseEmail(html, { emailClients: ['*'] });
      const unsupported = new Set<string>();
      for (const error of result.success ? [] : result.errors) {
        const feature = /^`(.+)` is not supported by `/.exec(error)?.[1];
        assert.ok(feature, `an error the test cannot read: ${error}`);
        unsupported.add(feature);
      }
      const unexplained = [...unsupported].filter((f) => !(f in DEGRADES_GRACEFULLY));
      assert.deepEqual(unexplained, [], `features some client drops, with no fallback: ${unexplained.join(', ')}`);
      assert.ok(unsupported.has('@media'), 'the linter ran on the whole email');
    });
  }

  test('Outlook for Windows gets a fixed-width ghost table, padding on cells and bordered-cell buttons; dark mode is offered, not refused', () => {
    const { html } = renderDigestEmail('Ana', CONTENTS[Object.keys(CONTENTS)[0]!]!, { ...links('lint'), preferences: PREFERENCES });
    assert.match(html, /<!--\[if mso\]><table role="presentation" width="640"/);
    assert.match(html, /<td class="cp" style="padding:28px">/);
    assert.equal(html.match(/<td class="bt" align="center" bgcolor="#ffffff" style="border:1px solid #1d4ed8/g)?.length, 5);
    assert.match(html, /<meta name="color-scheme" content="light dark">/);
    assert.match(html, /@media \(prefers-color-scheme:dark\)\{\.bg\{background:#0b1220!important\}/);
    assert.match(html, /\[data-ogsc\] \.tx\{color:#e5e7eb!important\}/);
    assert.match(html, /\[data-ogsb\] \.cd\{background:#111827!important\}/);
    assert.match(
      html,
      /<div style="display:none;font-size:1px;line-height:1px;max-height:0;max-width:0;opacity:0;overflow:hidden;mso-hide:all/,
    );
  });
});
