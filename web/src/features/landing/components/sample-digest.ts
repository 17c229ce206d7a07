/**
 * The sample shown on the landing page. It follows the digest email's structure: sections by interest,
 * each story a handful of attributed fact sentences. Companies and figures are illustrative.
 */
export interface SampleStory {
  section: string;
  headline: string;
  facts: string[];
  sources: string[];
}

export const SAMPLE_DIGEST = {
  from: 'DC Brief <brief@dcbrief.com>',
  // The real subject's shape (docs/decisions/307): the top story first, then the product and the date.
  subject: 'Nordic operator adds 48 MW campus near Oslo · DC Brief, Nov 24',
  dateLine: 'Tuesday, 6:00 AM',
  intro: 'Good morning. 5 stories from 41 sources in 9 languages. Reading time: 6 minutes.',
  stories: [
    {
      section: 'Infrastructure',
      headline: 'Nordic operator adds 48 MW campus near Oslo',
      facts: [
        'The first 16 MW phase is scheduled to open in Q3 of next year.',
        'The site will draw on hydro power under a 15-year purchase agreement.',
      ],
      sources: ['Computerworld Norge (translated from Norwegian)', 'Company filing'],
    },
    {
      section: 'Technology',
      headline: 'Liquid cooling retrofit cuts PUE to 1.18 at Frankfurt site',
      facts: [
        'The operator replaced air handling in two data halls over eight months.',
        'Rack density rose from 12 kW to 40 kW in the retrofitted halls.',
      ],
      sources: ['Heise (translated from German)', 'Operator press release'],
    },
    {
      section: 'Market Trends',
      headline: 'Singapore lifts pause on new capacity with 300 MW allocation',
      facts: ['Applicants must meet a PUE of 1.3 or better at full load.', 'Four operators were named in the first round.'],
      sources: ['The Straits Times', 'IMDA statement'],
    },
  ] satisfies SampleStory[],
};
