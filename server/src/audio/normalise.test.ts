import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cardinal, normaliseForSpeech, yearWords } from './normalise.js';

// Golden strings: what the synthesiser is asked to say for the field's words (lexicon.ts, decision 401).
const GOLDEN: Array<[string, string]> = [
  ['Equinix will build a 40 MW data center in Frankfurt.', 'Equinix will build a 40 megawatt data center in Frankfurt.'],
  ['The site will draw 40 MW from the grid.', 'The site will draw 40 megawatts from the grid.'],
  ['A 1.5GW campus', 'A 1.5 gigawatt campus'],
  ['Capacity: 1 MW.', 'Capacity: 1 megawatt.'],
  ['Capacity: 300 kW.', 'Capacity: 300 kilowatts.'],
  ['Capacity: 1,200 MW.', 'Capacity: 1200 megawatts.'],
  ['A 132 kV substation and 100 MWh of storage.', 'A 132 kilovolt substation and 100 megawatt hours of storage.'],
  ['Budget: EUR 850 million.', 'Budget: 850 million euros.'],
  ['It raised €40m and $1.2bn.', 'It raised 40 million euros and 1.2 billion dollars.'],
  ['Revenue reached USD 3,400 million.', 'Revenue reached 3400 million dollars.'],
  ['A deal worth 850 million EUR.', 'A deal worth 850 million euros.'],
  ['£5bn of bonds.', '5 billion pounds of bonds.'],
  ['A fee of $1.', 'A fee of 1 dollar.'],
  ['PUE fell to 1.12.', 'P U E fell to 1.12.'],
  ['UPS systems are N+1, cooling 2N and power 2N+1.', 'U P S systems are N plus one, cooling two N and power two N plus one.'],
  ['A Tier III facility, upgraded to Tier IV; Tier 3 elsewhere.', 'A Tier three facility, upgraded to Tier four; Tier three elsewhere.'],
  ['Vacancy fell 12% to 3.5 %.', 'Vacancy fell 12 percent to 3.5 percent.'],
  ['Up 2 pp on the year.', 'Up 2 percentage points on the year.'],
  ['It opens in 2027.', 'It opens in twenty twenty-seven.'],
  ['Built in 1998, renovated in 2005.', 'Built in nineteen ninety-eight, renovated in two thousand five.'],
  ['Results for Q3 2026.', 'Results for Q three twenty twenty-six.'],
  ['Growth in the 2020s.', 'Growth in the twenty twenties.'],
  ['CVE-2024-3094 is patched.', 'C V E twenty twenty-four, 3 0 9 4 is patched.'],
  ['AWS, IBM, HPE, AMD and NVIDIA', 'A W S, I B M, H P E, A M D and en vidia'],
  ['OVHcloud and NTT signed a PPA.', 'O V H cloud and N T T signed a P P A.'],
  ['CoreWeave leases GPUs to xAI.', 'Core Weave leases G P Us to x A I.'],
  ['M&A by KKR & GIP in the US and EU.', 'M and A by K K R and G I P in the U S and E U.'],
  ['A DDoS hit the DCIM of a REIT.', 'A D dos hit the D C I M of a reet.'],
  ['NATO and NASA, not us.', 'NATO and NASA, not us.'],
  ['The XYZ operator', 'The X Y Z operator'],
  ['Cooling at 27 °C with 2,000 m² of halls.', 'Cooling at 27 degrees Celsius with 2000 square metres of halls.'],
  ['A 400 Gbps link, e.g. to Paris.', 'A 400 gigabit per second link, for example to Paris.'],
];

test('the field lexicon says units, money, redundancy, tiers, years, percentages, CVE ids and acronyms right', () => {
  for (const [input, expected] of GOLDEN) assert.equal(normaliseForSpeech(input), expected, input);
});

test('figures that are not years stay figures: amounts, decimals and ids', () => {
  assert.equal(normaliseForSpeech('2000 racks and 2026.5 units, ref 12026'), '2000 racks and 2026.5 units, ref 12026');
  assert.equal(normaliseForSpeech('Capacity: 2030 MW.'), 'Capacity: 2030 megawatts.');
});

test('numbers in words', () => {
  assert.equal(cardinal(0), 'zero');
  assert.equal(cardinal(42), 'forty-two');
  assert.equal(cardinal(1205), 'one thousand two hundred five');
  assert.equal(yearWords(1900), 'nineteen hundred');
  assert.equal(yearWords(2009), 'two thousand nine');
  assert.equal(yearWords(2010), 'twenty ten');
  assert.equal(yearWords(2101), 'twenty-one oh one');
});
