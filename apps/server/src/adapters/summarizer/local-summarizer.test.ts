import { describe, expect, it } from 'vitest';
import { NO_COMPLAINTS_SENTENCE, createLocalSummarizer } from './local-summarizer';
import { type ReviewForSummary, SUMMARY_LABELS, countCharacters } from './summarizer';
import { TEN_REVIEWS, buildInput, buildManyReviews } from './summarizer.fixtures';

const summarizer = createLocalSummarizer();

/** The three paragraphs, by label, with the label removed. */
function splitSections(summary: string): [overall: string, praise: string, complaints: string] {
  const paragraphs = summary.split('\n\n');
  expect(paragraphs).toHaveLength(3);
  const [overall = '', praise = '', complaints = ''] = SUMMARY_LABELS.map((label, index) => {
    const paragraph = paragraphs[index] ?? '';
    expect(paragraph.startsWith(label)).toBe(true);
    return paragraph.slice(label.length).trim();
  });
  return [overall, praise, complaints];
}

function splitIntoSentences(section: string): string[] {
  return section.split(/(?<=[.!?])\s+/u).filter((sentence) => sentence !== '');
}

describe('local summarizer', () => {
  it('writes 전체 평가, 좋은 점 and 아쉬운 점 in that order, one paragraph each', async () => {
    const summary = await summarizer.summarize(buildInput(TEN_REVIEWS));
    const [overall, praise, complaints] = splitSections(summary);
    expect(overall).not.toBe('');
    expect(praise).not.toBe('');
    expect(complaints).not.toBe('');
    expect(summarizer.kind).toBe('local');
  });

  it.each([
    ['1 review', [TEN_REVIEWS[0]]],
    ['1 very short review', [{ rating: 5, title: '굿', description: '최고!' }]],
    ['3 reviews', TEN_REVIEWS.slice(0, 3)],
    ['10 reviews', TEN_REVIEWS],
    ['60 reviews', buildManyReviews(60)],
    ['300 reviews', buildManyReviews(300)],
    [
      '1 review without punctuation, far too long',
      [{ rating: 4, title: '후기', description: '무대가 정말 화려하고 좋았고 '.repeat(120) }],
    ],
  ] as [string, (ReviewForSummary | undefined)[]][])(
    'stays within 200..700 characters for %s',
    async (_, reviews) => {
      const present = reviews.filter((review) => review !== undefined);
      const summary = await summarizer.summarize(buildInput(present));
      const length = countCharacters(summary);
      expect(length).toBeGreaterThanOrEqual(200);
      expect(length).toBeLessThanOrEqual(700);
      splitSections(summary);
    },
  );

  it('states the review count and the average rating to one decimal', async () => {
    // 5+5+4+5+3+4+5+2+4+5 = 42 over 10 reviews.
    const [overall] = splitSections(await summarizer.summarize(buildInput(TEN_REVIEWS)));
    expect(overall).toContain('관람객 10명의 평균 평점은 4.2점(5점 만점)');
    expect(overall).toContain('대체로 만족도가 높은 공연입니다');

    const [lowOverall] = splitSections(
      await summarizer.summarize(
        buildInput([
          { rating: 1, title: '실망', description: '음향이 울려서 가사가 잘 안 들렸어요.' },
          { rating: 2, title: '별로', description: '입장 대기 줄이 너무 길었어요.' },
          { rating: 2, title: '아쉬움', description: '공연 시간이 너무 짧았어요.' },
        ]),
      ),
    );
    expect(lowOverall).toContain('관람객 3명의 평균 평점은 1.7점(5점 만점)');
  });

  it('quotes praise under 좋은 점 and complaints under 아쉬운 점, verbatim from the reviews', async () => {
    const summary = await summarizer.summarize(buildInput(TEN_REVIEWS));
    const [, praise, complaints] = splitSections(summary);
    expect(praise).toContain('라이브 실력이 음원보다 훨씬 좋았어요.');
    expect(complaints).toContain('입장 대기 줄이 너무 길었어요.');
    expect(complaints).toContain('음향이 울려서 가사가 잘 안 들렸어요.');
    expect(praise).not.toContain('길었어요');

    // Every quoted sentence exists in some review (a missing final period may have been added).
    const source = TEN_REVIEWS.map((review) => `${review.title} ${review.description}`).join('\n');
    for (const sentence of [...splitIntoSentences(praise), ...splitIntoSentences(complaints)]) {
      expect(source).toContain(sentence.replace(/\.$/u, ''));
    }
  });

  it('routes the clauses of a mixed review around its contrast word', async () => {
    const summary = await summarizer.summarize(
      buildInput([
        {
          rating: 3,
          title: '반반이에요',
          description: '무대 연출은 정말 화려했어요. 하지만 좌석이 너무 좁아서 불편했어요.',
        },
      ]),
    );
    const [, praise, complaints] = splitSections(summary);
    expect(praise).toContain('무대 연출은 정말 화려했어요.');
    expect(complaints).toContain('좌석이 너무 좁아서 불편했어요.');
    expect(praise).not.toContain('좌석');
  });

  it('leads with the complaint many reviewers share, not a one-off', async () => {
    const reviews: ReviewForSummary[] = [
      { rating: 4, title: '좋아요', description: '주차장 출구가 좁아서 조금 불편했어요.' },
      {
        rating: 5,
        title: '최고',
        description: '노래는 최고였어요. 다만 입장 대기 줄이 너무 길었어요.',
      },
      {
        rating: 4,
        title: '만족',
        description: '연출이 화려했어요. 입장 대기 줄이 길어서 힘들었어요.',
      },
      { rating: 3, title: '보통', description: '입장 대기 시간이 길고 안내도 부족했어요.' },
      {
        rating: 4,
        title: '즐거움',
        description: '떼창이 즐거웠어요. 하지만 입장 대기 줄이 정말 길었어요.',
      },
      { rating: 5, title: '감동', description: '라이브가 훌륭했어요.' },
    ];
    const [, , complaints] = splitSections(await summarizer.summarize(buildInput(reviews)));
    const [first] = splitIntoSentences(complaints);
    expect(first).toContain('입장 대기');
    expect(complaints).toContain('주차장 출구가 좁아서 조금 불편했어요.');
    expect(complaints.indexOf('주차장')).toBeGreaterThan(complaints.indexOf('입장 대기'));
  });

  it('never quotes the same sentence twice', async () => {
    const summary = await summarizer.summarize(buildInput(buildManyReviews(60)));
    const [, praise, complaints] = splitSections(summary);
    const sentences = [...splitIntoSentences(praise), ...splitIntoSentences(complaints)];
    expect(new Set(sentences).size).toBe(sentences.length);
  });

  it('is deterministic and follows its input', async () => {
    const first = await summarizer.summarize(buildInput(TEN_REVIEWS));
    const again = await createLocalSummarizer().summarize(buildInput(structuredClone(TEN_REVIEWS)));
    expect(again).toBe(first);

    const other = await summarizer.summarize(buildInput(buildManyReviews(10)));
    expect(other).not.toBe(first);
  });

  it('rejects an empty review list', async () => {
    await expect(summarizer.summarize(buildInput([]))).rejects.toThrow(Error);
  });

  it('says no notable complaints were mentioned when every review is praise', async () => {
    const summary = await summarizer.summarize(
      buildInput([
        {
          rating: 5,
          title: '최고',
          description: '라이브 실력이 음원보다 훨씬 좋았어요. 무대 연출이 화려했어요.',
        },
        { rating: 5, title: '감동', description: '앵콜 무대에서 다 같이 떼창해서 행복했어요.' },
        {
          rating: 4,
          title: '추천',
          description: '아쉬운 점이 하나도 없었어요. 밴드 연주가 훌륭했어요.',
        },
      ]),
    );
    const [overall, praise, complaints] = splitSections(summary);
    expect(complaints).toBe(NO_COMPLAINTS_SENTENCE);
    expect(praise).toContain('라이브 실력이 음원보다 훨씬 좋았어요.');
    expect(overall).toContain('모든 관람객이 4점 이상을 주었습니다.');
  });
});

describe('local summarizer and 예매자 관람평 (issue 23)', () => {
  const topics = ['조명', '음향', '무대', '연주', '의상', '안무', '편곡', '영상'];
  const reviews = (verifiedAt: number[]): ReviewForSummary[] =>
    topics.map((topic, index) => ({
      rating: 5,
      title: '후기',
      description: `${topic}이 정말 좋았어요.`,
      verified: verifiedAt.includes(index),
    }));
  const praiseOf = async (input: ReviewForSummary[]) =>
    splitSections(await summarizer.summarize(buildInput(input)))[1];

  it('quotes a verified review before an otherwise equal one that comes earlier', async () => {
    // Near-identical sentences: one is quoted. Without verification the input order picks the
    // first; with it, the first verified one wins.
    const plain = await praiseOf(reviews([]));
    expect(plain).toContain('조명이 정말 좋았어요.');
    expect(plain).not.toContain('편곡이');
    const weighted = await praiseOf(reviews([6, 7]));
    expect(weighted).toContain('편곡이 정말 좋았어요.');
    expect(weighted).not.toContain('조명이');
  });

  it('says how many reviews are verified and what they average', async () => {
    const input = reviews([0, 1]).map((review, index) => ({
      ...review,
      rating: index < 2 ? 5 : 3,
    }));
    const [overall] = splitSections(await summarizer.summarize(buildInput(input)));
    expect(overall).toContain('예매자 관람평 2건의 평균은 5.0점');
    const all = reviews([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(splitSections(await summarizer.summarize(buildInput(all)))[0]).toContain(
      '모두 예매 후 관람한 관객이 남긴 예매자 관람평입니다.',
    );
  });
});
