import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { XMLValidator } from 'fast-xml-parser';
import { recoverXml } from './xml-recovery.js';

const recovered = (xml: string) => {
  const out = recoverXml(xml);
  if (out.xml) assert.equal(XMLValidator.validate(out.xml), true, out.xml);
  return out;
};

describe('recoverXml: ill-formed XML read as browsers and feedparser read it, written out well-formed', () => {
  it('escapes a bare & and reads &#X41; as &#x41;, keeping every reference as it was written', () => {
    assert.equal(
      recovered('<rss><title a="?x=1&y=2">AT&T &eacute; &amp; &#X41; &#65;</title></rss>').xml,
      '<rss><title a="?x=1&amp;y=2">AT&amp;T &eacute; &amp; &#x41; &#65;</title></rss>',
    );
  });

  it('closes what the end of the document or a parent leaves open, and ignores an end tag that closes nothing', () => {
    assert.equal(
      recovered('<rss><channel><title>A <b>B</title></i></channel></rss').xml,
      '<rss><channel><title>A <b>B</b></title></channel></rss>',
    );
  });

  it('leaves out the prolog, comments and what follows the document element', () => {
    assert.equal(
      recovered('<!-- c --><?xml version="1.0"?><!DOCTYPE rss><rss><!-- x --><title>T</title></rss><rss>second</rss>trailing').xml,
      '<rss><title>T</title></rss>',
    );
  });

  it('keeps CDATA as CDATA, and text that looks like markup escaped', () => {
    assert.equal(
      recovered('<rss><d><![CDATA[<p>a ]]]]><![CDATA[> b</p>]]></d><e>1 < 2 > 0</e></rss').xml,
      '<rss><d><![CDATA[<p>a ]]]]><![CDATA[> b</p>]]></d><e>1 &lt; 2 &gt; 0</e></rss>',
    );
  });

  it('leaves out an entry still open where the document ends, and counts it', () => {
    const out = recovered('<feed><entry><title>One</title></entry><entry><title>Two</title><content>Cut mid-sent');
    assert.equal(out.xml, '<feed><entry><title>One</title></entry></feed>');
    assert.equal(out.cutEntries, 1);
  });

  it('reads a < that cannot open a tag as text, and drops attribute names XML cannot hold', () => {
    assert.equal(recovered('<rss><title 1x="a" ok="b">x <3 y</title></rss>').xml, '<rss><title ok="b">x &lt;3 y</title></rss>');
    assert.equal(recovered('<rss><d><![CDATA[<3]]></d>&</rss>').xml, '<rss><d><![CDATA[<3]]></d>&amp;</rss>');
  });

  it('gives nothing for a document without an element', () => {
    assert.deepEqual(recovered('<!-- only a comment -->\n'), { xml: '', cutEntries: 0 });
  });
});
