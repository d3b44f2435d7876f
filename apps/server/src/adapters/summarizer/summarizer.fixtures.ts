import type { ReviewForSummary, SummaryInput } from './summarizer';

/** Ten realistic reviews, newest first, with praise, complaints and one mixed 3-star review. */
export const TEN_REVIEWS: ReviewForSummary[] = [
  {
    rating: 5,
    title: '인생 공연이었어요',
    description: '라이브 실력이 음원보다 훨씬 좋았어요. 다만 입장 대기 줄이 너무 길었어요.',
  },
  {
    rating: 5,
    title: '최고의 무대',
    description: '무대 연출과 조명이 정말 화려했어요! 앵콜까지 세 곡이나 불러줘서 감동이었습니다.',
  },
  {
    rating: 4,
    title: '만족합니다',
    description:
      '라이브가 정말 안정적이라 놀랐어요. 음향도 전반적으로 깔끔했어요. 굿즈 줄이 길어서 힘들었어요.',
  },
  {
    rating: 5,
    title: '또 가고 싶어요',
    description:
      '팬들과 소통하는 시간이 길어서 좋았어요. 셋리스트 구성이 알찼고 시간 가는 줄 몰랐어요.',
  },
  {
    rating: 3,
    title: '좋았지만 아쉬움도',
    description: '노래는 좋았지만 2층 뒷자리라 무대가 잘 안 보였어요. 스크린이 작아서 아쉬웠어요.',
  },
  {
    rating: 4,
    title: '추천해요',
    description: '밴드 세션 연주가 훌륭했어요. 공연장 안내가 부족해서 입장할 때 조금 헤맸어요.',
  },
  {
    rating: 5,
    title: '감동 그 자체',
    description: '라이브를 직접 들으니 소름이 돋았어요. 조명 연출이 곡 분위기와 잘 어울렸어요.',
  },
  {
    rating: 2,
    title: '음향이 별로',
    description:
      '음향이 울려서 가사가 잘 안 들렸어요. 입장 대기 시간이 한 시간 넘게 걸렸어요. 가격에 비해 아쉬웠습니다.',
  },
  {
    rating: 4,
    title: '즐거웠어요',
    description: '떼창하는 시간이 정말 즐거웠어요 다음 투어도 꼭 갈게요',
  },
  {
    rating: 5,
    title: '완벽',
    description: '라이브 실력이 기대 이상이었고 무대 연출도 화려했어요.',
  },
];

const PRAISES = [
  '라이브 실력이 음원보다 훨씬 좋았어요.',
  '무대 연출과 조명이 정말 화려했어요.',
  '밴드 세션 연주가 훌륭했어요.',
  '팬들과 소통하는 시간이 많아서 행복했어요.',
  '셋리스트 구성이 알차서 시간 가는 줄 몰랐어요.',
  '고음이 흔들림 없이 시원하게 올라가서 소름 돋았어요.',
  '앵콜 무대에서 다 같이 떼창한 순간이 잊지 못할 추억이에요.',
  '스태프분들이 친절하게 안내해 주셨어요.',
];

const COMPLAINTS = [
  '입장 대기 줄이 너무 길었어요.',
  '음향이 울려서 가사가 잘 안 들렸어요.',
  '굿즈 판매 줄이 길어서 힘들었어요.',
  '2층 뒷자리는 무대가 잘 안 보였어요.',
  '공연장 안이 너무 더웠어요.',
];

/** Sixty reviews built from the phrases above, so many reviews repeat the same points. */
export function buildManyReviews(count: number): ReviewForSummary[] {
  const ratings = [5, 4, 5, 3, 5, 4, 2, 5, 4, 1];
  return Array.from({ length: count }, (_, index) => {
    const rating = ratings[index % ratings.length] ?? 5;
    const praise = PRAISES[index % PRAISES.length] ?? '';
    const complaint = COMPLAINTS[index % COMPLAINTS.length] ?? '';
    const description =
      rating >= 4
        ? index % 3 === 0
          ? `${praise} 다만 ${complaint}`
          : `${praise} ${PRAISES[(index + 3) % PRAISES.length] ?? ''}`
        : rating === 3
          ? `${praise} 하지만 ${complaint}`
          : `${complaint} ${COMPLAINTS[(index + 2) % COMPLAINTS.length] ?? ''}`;
    return { rating, title: `${index + 1}번째 관람 후기`, description };
  });
}

export function buildInput(reviews: ReviewForSummary[]): SummaryInput {
  return { concertTitle: '2026 봄 콘서트 〈Blossom〉', artist: '아이유', reviews };
}
