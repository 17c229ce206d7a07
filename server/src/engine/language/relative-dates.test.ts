import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { relativeDates } from './relative-dates.js';

const published = new Date('2025-03-24T09:00:00Z');

describe('dates relative to the publication', () => {
  it('reads next month, next year and later this year in the words of each language', () => {
    assert.deepEqual(relativeDates('Die Pläne würden im kommenden Monat vorgestellt.', 'de', published).months, ['2025-04']);
    assert.deepEqual(relativeDates('네이버 제2데이터센터 내달 첫 삽', 'ko', published).months, ['2025-04']);
    assert.deepEqual(relativeDates('新しい施設は来年稼働する。', 'ja', published).years, ['2026']);
    assert.deepEqual(relativeDates('The site will open by the end of the year.', 'en', published), {
      months: [],
      years: ['2025'],
      thisYear: true,
    });
    assert.deepEqual(relativeDates('Byggingen starter neste år.', 'no', published).years, ['2026']);
    assert.deepEqual(relativeDates('Budowa ruszy w przyszłym roku.', 'pl', published).years, ['2026']);
  });

  it('takes a month named alone as the next one ahead, never one that may be past', () => {
    assert.deepEqual(relativeDates('Start Campus to start construction by end-June', 'en', published).months, ['2025-06']);
    assert.deepEqual(relativeDates('A construção vai arrancar em fevereiro.', 'pt', new Date('2026-01-13T00:00:00Z')).months, ['2026-02']);
    assert.deepEqual(relativeDates('Diharapkan pada bulan Oktober, proses ini akan selesai.', 'id', published).months, ['2025-10']);
    assert.deepEqual(relativeDates('카카오는 내년 1월 정상 운영될 예정이다.', 'ko', published).months, ['2026-01'], 'next year');
    assert.deepEqual(relativeDates('The building opened in February.', 'en', published).months, [], 'earlier in the year');
    assert.deepEqual(relativeDates('It has been in operation since October.', 'en', published).months, [], 'a past word');
    assert.deepEqual(relativeDates('지난해 10월 유치를 확정했다.', 'ko', published).months, [], 'last year');
    assert.deepEqual(relativeDates('The company may expand.', 'en', published).months, [], 'a verb, not May');
    assert.deepEqual(relativeDates('The expansion will open in May.', 'en', published).months, ['2025-05']);
    assert.deepEqual(relativeDates('The expansion opened in October.', 'en', published).months, [], 'no word puts it ahead');
  });
});
