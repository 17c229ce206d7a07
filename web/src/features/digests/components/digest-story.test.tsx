import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeDigestWithStories } from '@/test/fixtures';
import { DigestStory } from './digest-story';

const oslo = () => makeDigestWithStories().stories[0]!;

describe('a story’s facts in the reader', () => {
  it('shows each fact once, followed by the numbers of every outlet that states it, in list order', () => {
    render(<DigestStory story={oslo()} position={1} />);
    const facts = screen.getAllByRole('listitem').filter((li) => li.closest('ul'));
    expect(facts).toHaveLength(4);
    const first = facts[0]!;
    expect(first).toHaveTextContent(/^The operator will build a 48 MW campus in Oslo\. \[1\]\[2\]$/);
    expect(
      within(first)
        .getAllByRole('link')
        .map((a) => a.getAttribute('aria-label')),
    ).toEqual(['Source 1: DatacenterDynamics', 'Source 2: Computerworld Norge']);
  });

  it('marks a fact shown in its original language with that language, named in its title', () => {
    render(<DigestStory story={oslo()} position={1} />);
    const original = screen.getByText('Anlegget får strøm fra Statnett.');
    expect(original).toHaveAttribute('lang', 'no');
    const item = original.closest('li')!;
    const mark = within(item).getByTitle('Norwegian, not translated');
    expect(mark).toHaveTextContent('no');
    expect(within(item).getByText('Norwegian, not translated')).toBeInTheDocument();
  });

  it('says which fact is a translation, and leaves the others unmarked', () => {
    render(<DigestStory story={oslo()} position={1} />);
    const translated = screen.getByText('The campus uses heat recovery for 5,000 homes.').closest('li')!;
    expect(within(translated).getByTitle('Translated from Norwegian')).toBeInTheDocument();
    const english = screen.getByText('The first 16 MW phase opens in Q3 2027.').closest('li')!;
    expect(within(english).queryByTitle(/not translated|Translated from/)).not.toBeInTheDocument();
  });

  it('gives the key figures with their labels', () => {
    render(<DigestStory story={oslo()} position={1} />);
    expect(screen.getByText(/Key figures:/).parentElement).toHaveTextContent('Key figures: Capacity: 48 MW · Capacity: 16 MW');
  });
});

describe('a story’s label line', () => {
  it('names its interest in a daily brief', () => {
    render(<DigestStory story={oslo()} position={1} />);
    expect(screen.getByRole('article')).toHaveTextContent('Infrastructure');
  });

  it('does not name it again under a weekly section that is headed by it', () => {
    render(<DigestStory story={oslo()} position={1} headingLevel={3} />);
    expect(screen.getByRole('article')).not.toHaveTextContent('Infrastructure');
    expect(screen.getByRole('heading', { level: 3 })).toHaveTextContent(oslo().title);
  });
});

describe('links from feeds in the reader', () => {
  it('links a source only when its address is a web page: javascript:, data:, vbscript: and urn: show the name alone', () => {
    const story = oslo();
    const hostile = [
      'javascript:alert(document.cookie)',
      ' JaVa\tScRiPt:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox(1)',
      'urn:dcbrief:src:abc',
      'https://safe.example/a',
    ];
    const sources = hostile.map((url, i) => ({ ...story.sources[0]!, id: `outlet-${i}`, name: `Outlet ${i}`, url }));
    const { container } = render(<DigestStory story={{ ...story, sources }} position={1} />);
    const hrefs = [...container.querySelectorAll('[href]')].map((a) => a.getAttribute('href')!);
    for (const href of hrefs) expect(href).toMatch(/^(https?:\/\/|mailto:|#)/);
    expect(hrefs).toContain('https://safe.example/a');
    expect(screen.getByRole('link', { name: 'Outlet 5' })).toHaveAttribute('href', 'https://safe.example/a');
    for (const i of [0, 1, 2, 3, 4]) expect(screen.queryByRole('link', { name: `Outlet ${i}` })).not.toBeInTheDocument();
    expect(screen.getByText('Outlet 0')).toBeInTheDocument();
  });
});
