import { describe, expect, it } from 'vitest';
import { makeDigestWithStories } from '@/test/fixtures';
import { findSearchMatch, searchTerms, splitOnTerms } from './search-match';

describe('search matches', () => {
  it('reads the search as the server does', () => {
    expect(searchTerms('  Oslo  oslo 100% grid_power ')).toEqual(['oslo', '100', 'grid', 'power']);
  });

  it('picks the sentence holding the most search words; none when only the title matched', () => {
    const digest = makeDigestWithStories();
    expect(findSearchMatch(digest, ['oslo'])?.storyTitle).toBe('Nordic operator adds 48 MW campus near Oslo');
    expect(findSearchMatch(digest, ['zzz'])).toBeNull();
  });

  it('marks every search word in any case, longest first, and keeps the rest as plain text', () => {
    expect(splitOnTerms('Grid power for the grid', ['grid', 'power'])).toEqual([
      { text: 'Grid', match: true },
      { text: ' ', match: false },
      { text: 'power', match: true },
      { text: ' for the ', match: false },
      { text: 'grid', match: true },
    ]);
    expect(splitOnTerms('a (b) c', ['(b)'])).toEqual([
      { text: 'a ', match: false },
      { text: '(b)', match: true },
      { text: ' c', match: false },
    ]);
  });
});
