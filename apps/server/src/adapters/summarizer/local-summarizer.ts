import {
  SUMMARY_LABELS,
  SUMMARY_MAX_LENGTH,
  SUMMARY_MIN_LENGTH,
  countCharacters,
  countVerified,
  formatAverageRating,
  type ReviewForSummary,
  type SummarizerPort,
  type SummaryInput,
} from './summarizer';

/**
 * The offline summarizer: picks verbatim sentences from the reviews (nothing is generated), so the
 * summary can only say what reviewers said. Deterministic: no clock, no randomness, and every tie
 * is broken by the reviews' input order.
 */
export function createLocalSummarizer(): SummarizerPort {
  return {
    kind: 'local',
    async summarize(input) {
      return buildLocalSummary(input);
    },
  };
}

/** Used when no review complains; worded so it never claims more than the reviews say. */
export const NO_COMPLAINTS_SENTENCE = '관람평에서 특별히 아쉬운 점으로 언급된 내용은 없었습니다.';
const NO_PRAISE_SENTENCE = '관람평에서 뚜렷하게 좋았던 점으로 언급된 내용은 많지 않았습니다.';

// Section budgets in characters. Header (~100) + praise + complaints + labels stays under 700.
const PRAISE_BUDGET = 300;
const PRAISE_MAX_SENTENCES = 5;
const COMPLAINT_BUDGET = 230;
const COMPLAINT_MAX_SENTENCES = 4;
/** Longer sentences are cut at commas, then after clause endings; longer pieces are not quoted. */
const MAX_SENTENCE_LENGTH = 160;
/** Shorter quotes ('최고!') are used for padding only after the honest framing sentences. */
const MIN_FULL_SENTENCE_LENGTH = 8;
/** Character-bigram Jaccard similarity from which two sentences count as saying the same thing. */
const NEAR_DUPLICATE_SIMILARITY = 0.5;
/**
 * A sentence from a 예매자 관람평 scores this much more (issue 23): between two sentences that say
 * about as much, the one of a fan who booked and was there is quoted.
 */
const VERIFIED_WEIGHT = 1.5;
/** An artist and title longer than this would crowd the framing sentence, so they are left out. */
const MAX_CONCERT_LABEL_LENGTH = 40;

type Polarity = 'positive' | 'negative' | 'neutral';

interface Candidate {
  text: string;
  /** Position of the review in the input; pools keep input order, which breaks score ties. */
  reviewIndex: number;
  rating: number;
  /** From a 예매자 관람평. */
  isVerified: boolean;
  polarity: Polarity;
  /** True when the wording itself (not only the star rating) says praise or complaint. */
  hasSignal: boolean;
  isFromTitle: boolean;
  keys: ReadonlySet<string>;
  bigrams: ReadonlySet<string>;
}

function buildLocalSummary(input: SummaryInput): string {
  const { reviews } = input;
  if (reviews.length === 0) throw new Error('cannot summarize a concert without reviews');

  const candidates = collectCandidates(input);
  const praisePool = candidates.filter((candidate) => candidate.polarity === 'positive');
  const complaintPool = candidates.filter((candidate) => candidate.polarity === 'negative');
  const chosen: Candidate[] = [];
  const praise: Candidate[] = [];
  const complaints: Candidate[] = [];

  pickRepresentative(praisePool, praise, chosen, {
    maxSentences: PRAISE_MAX_SENTENCES,
    budget: PRAISE_BUDGET,
    isOnePerReview: true,
    isFullSentenceOnly: false,
  });
  pickRepresentative(complaintPool, complaints, chosen, {
    maxSentences: COMPLAINT_MAX_SENTENCES,
    budget: COMPLAINT_BUDGET,
    isOnePerReview: true,
    isFullSentenceOnly: false,
  });
  const overview = describeRatings(reviews);

  const render = () =>
    renderSummary({
      overview,
      praise: praise.map((candidate) => candidate.text),
      complaints: complaints.map((candidate) => candidate.text),
    });

  // Too short: first quote more of what reviewers wrote, then add framing that only restates
  // facts about the input (how many reviews, where the sentences come from).
  const quoteMore = (isFullSentenceOnly: boolean) => {
    for (const [pool, section] of [
      [praisePool, praise],
      [complaintPool, complaints],
    ] as const) {
      while (countCharacters(render()) < SUMMARY_MIN_LENGTH) {
        const added = pickRepresentative(pool, section, chosen, {
          maxSentences: 1,
          budget: SUMMARY_MAX_LENGTH - countCharacters(render()),
          isOnePerReview: false,
          isFullSentenceOnly,
        });
        if (added === 0) break;
      }
    }
  };
  // Real sentences first; then framing; bare review titles ('최악', '별로') only as a last resort,
  // because a row of one-word quotes reads worse than an honest remark about the input.
  quoteMore(true);
  for (const sentence of describeFraming(input)) {
    if (countCharacters(render()) >= SUMMARY_MIN_LENGTH) break;
    overview.push(sentence);
  }
  quoteMore(false);

  // The budgets keep us under the maximum; this only guards against a surprising header.
  while (countCharacters(render()) > SUMMARY_MAX_LENGTH) {
    const longer = praise.length >= complaints.length ? praise : complaints;
    if (longer.length <= 1 && overview.length <= 1) break;
    if (longer.length > 1) longer.pop();
    else overview.pop();
  }
  return render();
}

function renderSummary(parts: { overview: string[]; praise: string[]; complaints: string[] }) {
  const [overallLabel, praiseLabel, complaintLabel] = SUMMARY_LABELS;
  const praise = parts.praise.length > 0 ? parts.praise : [NO_PRAISE_SENTENCE];
  const complaints = parts.complaints.length > 0 ? parts.complaints : [NO_COMPLAINTS_SENTENCE];
  return [
    `${overallLabel} ${parts.overview.join(' ')}`,
    `${praiseLabel} ${praise.join(' ')}`,
    `${complaintLabel} ${complaints.join(' ')}`,
  ].join('\n\n');
}

// ---------------------------------------------------------------------------------------------
// 전체 평가: counts and averages only, worded by band.

function describeRatings(reviews: readonly ReviewForSummary[]): string[] {
  const average = formatAverageRating(reviews);
  const sentences = [
    `관람객 ${reviews.length}명의 평균 평점은 ${average}점(5점 만점)으로, ${describeTone(Number(average))}.`,
  ];
  if (reviews.length >= 2) {
    const high = reviews.filter((review) => review.rating >= 4).length;
    const low = reviews.filter((review) => review.rating <= 2).length;
    const middle = reviews.length - high - low;
    if (high === reviews.length) sentences.push('모든 관람객이 4점 이상을 주었습니다.');
    else {
      const parts = [
        high > 0 ? `4점 이상이 ${high}명` : '',
        middle > 0 ? `3점이 ${middle}명` : '',
        low > 0 ? `2점 이하가 ${low}명` : '',
      ].filter((part) => part !== '');
      sentences.push(`평점별로는 ${parts.join(', ')}입니다.`);
    }
  }
  const verified = countVerified(reviews);
  if (verified > 0) {
    const verifiedOnly = reviews.filter((review) => review.verified === true);
    sentences.push(
      verified === reviews.length
        ? '모두 예매 후 관람한 관객이 남긴 예매자 관람평입니다.'
        : `이 중 예매자 관람평 ${verified}건의 평균은 ${formatAverageRating(verifiedOnly)}점이며, 요약은 예매자 관람평을 우선해 정리했습니다.`,
    );
  }
  return sentences;
}

function describeTone(average: number): string {
  if (average >= 4.5) return '관람객 만족도가 매우 높은 공연입니다';
  if (average >= 4) return '대체로 만족도가 높은 공연입니다';
  if (average >= 3.5) return '전반적으로 무난한 평가를 받은 공연입니다';
  if (average >= 2.5) return '관람객 사이에서 평가가 엇갈리는 공연입니다';
  if (average >= 1.5) return '아쉬움을 표한 관람객이 많은 공연입니다';
  return '관람객 만족도가 낮은 공연입니다';
}

/** Honest filler for very small inputs, in the order it is used. */
function describeFraming(input: SummaryInput): string[] {
  const count = input.reviews.length;
  const concertLabel = `${input.artist.trim()}의 「${input.concertTitle.trim()}」`;
  return [
    countCharacters(concertLabel) <= MAX_CONCERT_LABEL_LENGTH && input.artist.trim() !== ''
      ? `${concertLabel} 관람평 ${count}건을 바탕으로 정리한 요약입니다.`
      : `관람평 ${count}건을 바탕으로 정리한 요약입니다.`,
    count < 5
      ? `아직 관람평이 ${count}건뿐이라 전체 관람객의 의견을 대표하기에는 한계가 있습니다.`
      : '',
    '좋은 점과 아쉬운 점의 문장은 관람평 원문에서 그대로 옮겼습니다.',
    '관람평이 더 모이면 보다 정확한 요약을 제공할 수 있습니다.',
    '공연 선택 시 평점과 관람평 원문을 함께 참고해 주세요.',
  ].filter((sentence) => sentence !== '');
}

// ---------------------------------------------------------------------------------------------
// Sentence extraction.

function collectCandidates(input: SummaryInput): Candidate[] {
  const ignoredKeys = new Set([...tokenizeKeys(input.artist), ...tokenizeKeys(input.concertTitle)]);
  const candidates: Candidate[] = [];
  input.reviews.forEach((review, reviewIndex) => {
    const pieces = [
      ...splitSentences(review.description).map((text) => ({ text, isFromTitle: false })),
      ...splitSentences(review.title).map((text) => ({ text, isFromTitle: true })),
    ];
    for (const piece of pieces) {
      const { polarity, hasSignal } = classifySentence(piece.text, review.rating);
      candidates.push({
        text: dropLeadingContrast(piece.text),
        reviewIndex,
        rating: review.rating,
        isVerified: review.verified === true,
        polarity,
        hasSignal,
        isFromTitle: piece.isFromTitle,
        keys: new Set(tokenizeKeys(piece.text).filter((key) => !ignoredKeys.has(key))),
        bigrams: toBigrams(piece.text),
      });
    }
  });
  return candidates;
}

const TRAILING_NOISE = /[\sㅋㅎㅠㅜㅡ^~;]+$|\p{Extended_Pictographic}+$/u;
/** After punctuation (with trailing ㅋㅋ/ㅠㅠ), or a period glued to the next Korean word. */
const PUNCTUATION_BREAK = /(?<=[.!?…。！？~][ㅋㅎㅠㅜ^~]*)\s+|(?<=[가-힣][.!?])(?=[가-힣])/u;
/** Korean sentence endings written without punctuation ('좋았어요 다음에도 갈게요'). */
const ENDING_BREAK =
  /(?<=(?:[어아해워와줘에예네세게군데지래]요|니다|[었았였했겠같좋싶있없]다|[이한는]다|죠)[ㅋㅎㅠㅜ^~]*)\s+/u;
/** A contrast word in mid-sentence starts a new clause, so praise and complaint part ways. */
const CONTRAST_WORD_BREAK = /\s+(?=(?:하지만|그런데|그러나|그렇지만|근데|다만|반면)[\s,])/u;

/** After a connective ending ('화려하고 ', '좋았는데 '): only for run-on text without punctuation. */
const CLAUSE_BREAK = /(?<=[가-힣](?:고|며|서|데|지만|면서))\s+/u;

function splitSentences(text: string): string[] {
  const sentences: string[] = [];
  for (const line of text.split(/\n+/)) {
    for (const byPunctuation of line.split(PUNCTUATION_BREAK)) {
      for (const byEnding of byPunctuation.split(ENDING_BREAK)) {
        for (const clause of byEnding.split(CONTRAST_WORD_BREAK)) {
          for (const piece of splitLongSentence(clause)) {
            const cleaned = cleanSentence(piece);
            // A lone syllable ('굿') says nothing a reader can use; '최고!' still does.
            if (countCharacters(cleaned.replace(/[\s.!?]/gu, '')) >= 2) sentences.push(cleaned);
          }
        }
      }
    }
  }
  return sentences;
}

function splitLongSentence(sentence: string): string[] {
  const fits = (piece: string) => countCharacters(piece.trim()) <= MAX_SENTENCE_LENGTH;
  if (fits(sentence)) return [sentence];
  return sentence
    .split(/(?<=,)\s+/u)
    .flatMap((piece) => (fits(piece) ? [piece] : piece.split(CLAUSE_BREAK)))
    .filter(fits);
}

/**
 * Trims and closes the sentence when it has no ending mark: a period, or '…' for a clause cut from
 * run-on text ('화려하고…'), so it reads as the excerpt it is. The words stay as written.
 */
function cleanSentence(sentence: string): string {
  let text = sentence.trim().replace(/^[-*•·]+\s*/u, '');
  let previous = '';
  while (previous !== text) {
    previous = text;
    text = text.replace(TRAILING_NOISE, '');
  }
  text = text.replace(/,$/u, '').replace(/\s+/gu, ' ');
  if (text === '' || /[.!?…。！？]$/u.test(text)) return text;
  return /(?:고|며|서|데|지만|면서)$/u.test(text) ? `${text}…` : `${text}.`;
}

/** Word lists are written as space-separated lines to keep them scannable. */
function splitWords(lines: readonly string[]): string[] {
  return lines.flatMap((line) => line.split(' '));
}

// ---------------------------------------------------------------------------------------------
// Polarity: a small lexicon over the text with spaces removed, so '안 좋' and '안좋' match alike.

/** Phrases that look negative but praise ('나쁘지 않', '끝나서 아쉬웠'); checked first. */
const PRAISING_PHRASES = splitWords([
  '나쁘지않 아쉬운점이없 아쉬운점은없 아쉬운점없 아쉬움이없 아쉬움은없 아쉬운게없',
  '아쉬울게없 불편한점이없 불편함이없 불편함없 흠잡을데가없 흠잡을데없',
  '지루할틈이없 지루할틈도없 지루하지않 아깝지않 실망하지않 후회하지않 후회없',
  '부족함이없 부족함없 문제없 끝나서아쉬 끝나는게아쉬 끝난게아쉬 끝나는것이아쉬',
  '아쉬울정도 짧게느껴',
]);

/** Phrases that look positive but complain ('안 좋', '…으면 좋겠'); checked before single words. */
const COMPLAINING_PHRASES = splitWords([
  '안좋 좋지않 좋지못 별로좋 면좋겠 재미없 감동이없 감동은없 만족스럽지않',
  '만족하지못 추천하지않 추천안 잘안보 잘안들 안보이 안보였 안들리 안들렸 못봤',
  '못들',
]);

const PRAISE_WORDS = splitWords([
  '좋았 좋아 좋은 좋고 좋더 좋네 좋습 좋다 최고 감동 멋있 멋졌 멋진 멋지',
  '훌륭 완벽 행복 즐거 즐겁 재밌 재미있 추천 소름 만족 대박 환상 황홀 신나',
  '신났 친절 편했 편하게 편리 깔끔 쾌적 아름다 예뻤 예쁘 화려 인상적 인상깊',
  '벅차 벅찼 잊지못 기억에남 뭉클 울컥 또가 또보 다시가 다시보 다음에도',
  '시간가는줄 잘들렸 잘들려 잘보였 잘보이 생생 알찼 알차 열정 호응 팬서비스',
  '압도 미쳤 레전드 힐링 설레 설렜 감사 귀호강 눈호강 사랑스',
]);

const COMPLAINT_WORDS = splitWords([
  '아쉽 아쉬 별로 불편 실망 최악 비싸 비쌌 비싼 지루 길었 길어서 길더',
  '오래기다 기다려야 지연 늦게 늦어 늦었 시끄 작았 좁았 좁아 좁은 좁고 비좁',
  '더웠 더워 덥고 추웠 추워 답답 불친절 부족 문제 힘들 짜증 엉망 떨어지',
  '떨어졌 끊기 끊겼 끊겨 뭉개 찢어 울려서 울렸 나빴 나쁘 나쁜 혼잡 붐벼',
  '붐볐 북적 불만 미흡 어수선 형편없 후회 아깝 아까웠 피곤 불쾌 실수 소음',
  '제대로안 오류 먹통 혼란 헤맸 헤매 거슬 방해 짧았',
]);

/** A sentence opening with a contrast word introduces a reservation ('다만 줄이 길었어요'). */
const LEADING_CONTRAST = /^(?:하지만|다만|그런데|그러나|그렇지만|근데|반면에?|아쉽게도|단)[\s,]+/u;
/** In Korean the clause after '-지만/-는데' carries the point, so it decides the polarity. */
const INNER_CONTRAST = /(?:지만|는데도|는데|은데|던데|으나|데도)[\s,]+/u;

/** '다만 줄이 길었어요' reads as '줄이 길었어요' once it stands under its own heading. */
function dropLeadingContrast(text: string): string {
  const rest = text.replace(LEADING_CONTRAST, '');
  return countCharacters(rest.replace(/[\s.!?]/gu, '')) >= 4 ? rest : text;
}

function classifySentence(
  text: string,
  rating: number,
): { polarity: Polarity; hasSignal: boolean } {
  const leading = LEADING_CONTRAST.exec(text);
  const inner = leading ? null : INNER_CONTRAST.exec(text);
  const tail = leading
    ? text.slice(leading[0].length)
    : inner
      ? text.slice(inner.index + inner[0].length)
      : undefined;
  if (tail !== undefined) {
    const tailScore = scoreLexicon(tail);
    if (tailScore.praise > tailScore.complaint) return { polarity: 'positive', hasSignal: true };
    if (tailScore.complaint > tailScore.praise) return { polarity: 'negative', hasSignal: true };
    if (leading) return { polarity: 'negative', hasSignal: true };
  }
  const score = scoreLexicon(text);
  if (score.praise > score.complaint) return { polarity: 'positive', hasSignal: true };
  if (score.complaint > score.praise) return { polarity: 'negative', hasSignal: true };
  // No clear wording: the reviewer's stars decide, and a 3 says neither.
  if (rating >= 4) return { polarity: 'positive', hasSignal: false };
  if (rating <= 2) return { polarity: 'negative', hasSignal: false };
  return { polarity: 'neutral', hasSignal: false };
}

function scoreLexicon(text: string): { praise: number; complaint: number } {
  // Fillers dropped so '아쉬운 점이 하나도 없었어요' matches the phrase '아쉬운점이없'.
  let compact = text.replace(/\s+/gu, '').replace(/하나도|전혀|딱히|특별히|그다지/gu, '');
  let praise = 0;
  let complaint = 0;
  // Phrases are consumed so that their words ('아쉬', '좋') are not counted again below.
  const consume = (phrase: string) => {
    const parts = compact.split(phrase);
    compact = parts.join('|');
    return parts.length - 1;
  };
  for (const phrase of PRAISING_PHRASES) praise += consume(phrase);
  for (const phrase of COMPLAINING_PHRASES) complaint += consume(phrase);
  for (const word of PRAISE_WORDS) if (compact.includes(word)) praise += 1;
  for (const word of COMPLAINT_WORDS) if (compact.includes(word)) complaint += 1;
  return { praise, complaint };
}

// ---------------------------------------------------------------------------------------------
// Representativeness: content words shared with other reviews of the same polarity.

/** Particles stripped from the end of a word, longest first, so '음향이' and '음향은' match. */
const PARTICLES = splitWords([
  '에서는 에서도 으로는 에게서 에서 에게 으로 보다 까지 부터 처럼 마다 조차',
  '밖에 이랑 이나 하고 은 는 이 가 을 를 의 에 도 로 와 과 만 랑',
]);

/**
 * Intensifiers, connectives, generic verbs and bare verdicts ('아쉬웠어요', '최고'): shared by
 * many reviews without naming a topic, so they must not make a sentence look representative.
 */
const STOP_KEYS = new Set(
  splitWords([
    '너무 정말 진짜 완전 엄청 매우 아주 되게 그리 다만 하지 그런 그러 그렇',
    '근데 조금 많이 이번 공연 콘서 오늘 그냥 우리 같아 같은 같았 있었 있어',
    '있는 없었 없어 했어 했는 했다 했던 해서 하는 였어 이었 정도 다음 좋았',
    '좋아 좋은 좋고 좋더 좋네 느낌 생각 보고 봤는 봤어 보는 가서 갔는 갔어',
    '거의 모두 다들 훨씬 아쉬 아쉽 별로 최고 감동 만족 추천',
  ]),
);

/** Content keys of a text: each word without its particle, cut to its first two syllables. */
function tokenizeKeys(text: string): string[] {
  const keys: string[] = [];
  for (const raw of text.toLowerCase().split(/[^가-힣a-z0-9]+/u)) {
    if (raw === '' || /^\d+$/u.test(raw)) continue;
    let word = raw;
    for (const particle of PARTICLES) {
      if (word.endsWith(particle) && countCharacters(word) - countCharacters(particle) >= 2) {
        word = word.slice(0, word.length - particle.length);
        break;
      }
    }
    if (countCharacters(word) < 2) continue;
    const key = /^[a-z0-9]+$/u.test(word) ? word : [...word].slice(0, 2).join('');
    if (!STOP_KEYS.has(key)) keys.push(key);
  }
  return keys;
}

function toBigrams(text: string): Set<string> {
  const letters = [...text.replace(/[^가-힣a-zA-Z0-9]/gu, '').toLowerCase()];
  const bigrams = new Set<string>();
  for (let index = 0; index + 1 < letters.length; index += 1) {
    bigrams.add(`${letters[index]}${letters[index + 1]}`);
  }
  return bigrams;
}

function measureSimilarity(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  if (a.size === 0 || b.size === 0) return 0;
  let shared = 0;
  for (const bigram of a) if (b.has(bigram)) shared += 1;
  return shared / (a.size + b.size - shared);
}

/**
 * Greedy pick of the highest-scoring sentences into `section`; returns how many were added. Keys
 * the section already covers count for less, so it spans several topics instead of restating the
 * most common one. `chosen` spans all sections so no sentence (or near copy) is quoted twice.
 */
function pickRepresentative(
  pool: readonly Candidate[],
  section: Candidate[],
  chosen: Candidate[],
  options: {
    maxSentences: number;
    budget: number;
    isOnePerReview: boolean;
    /** Skips review titles and fragments shorter than MIN_FULL_SENTENCE_LENGTH. */
    isFullSentenceOnly: boolean;
  },
): number {
  const reviewsWithKey = new Map<string, Set<number>>();
  const poolReviews = new Set<number>();
  for (const candidate of pool) {
    poolReviews.add(candidate.reviewIndex);
    for (const key of candidate.keys) {
      const holders = reviewsWithKey.get(key) ?? new Set<number>();
      holders.add(candidate.reviewIndex);
      reviewsWithKey.set(key, holders);
    }
  }
  const otherReviews = Math.max(1, poolReviews.size - 1);
  const covered = new Set(section.flatMap((candidate) => [...candidate.keys]));
  const usedReviews = new Set(section.map((candidate) => candidate.reviewIndex));

  const scoreCandidate = (candidate: Candidate) => {
    let shared = 0;
    for (const key of candidate.keys) {
      // Share of the other reviews in this pool that mention the same thing.
      const share = ((reviewsWithKey.get(key)?.size ?? 1) - 1) / otherReviews;
      shared += covered.has(key) ? share * 0.1 : share;
    }
    const representativeness = shared / Math.sqrt(Math.max(1, candidate.keys.size));
    const extremity =
      candidate.polarity === 'positive'
        ? Math.max(0, candidate.rating - 3) * 0.1
        : Math.max(0, 3 - candidate.rating) * 0.1;
    const length = countCharacters(candidate.text);
    const lengthFactor = length < 12 ? 0.5 : length > 100 ? 0.8 : 1;
    return (
      (representativeness + (candidate.hasSignal ? 0.5 : 0) + extremity) *
      lengthFactor *
      (candidate.isFromTitle ? 0.6 : 1) *
      (candidate.hasSignal ? 1 : 0.6) *
      (candidate.isVerified ? VERIFIED_WEIGHT : 1)
    );
  };

  let added = 0;
  let used = 0;
  while (added < options.maxSentences) {
    let best: { candidate: Candidate; score: number } | undefined;
    for (const candidate of pool) {
      if (chosen.includes(candidate)) continue;
      if (options.isOnePerReview && usedReviews.has(candidate.reviewIndex)) continue;
      if (
        options.isFullSentenceOnly &&
        (candidate.isFromTitle || countCharacters(candidate.text) < MIN_FULL_SENTENCE_LENGTH)
      )
        continue;
      // +1 for the space that joins it to the previous sentence.
      if (used + countCharacters(candidate.text) + 1 > options.budget) continue;
      if (
        chosen.some(
          (other) =>
            measureSimilarity(other.bigrams, candidate.bigrams) >= NEAR_DUPLICATE_SIMILARITY,
        )
      )
        continue;
      const score = scoreCandidate(candidate);
      // Strictly greater: on a tie the earlier candidate (input order) wins.
      if (!best || score > best.score) best = { candidate, score };
    }
    if (!best) break;
    added += 1;
    section.push(best.candidate);
    chosen.push(best.candidate);
    usedReviews.add(best.candidate.reviewIndex);
    for (const key of best.candidate.keys) covered.add(key);
    used += countCharacters(best.candidate.text) + 1;
  }
  return added;
}
