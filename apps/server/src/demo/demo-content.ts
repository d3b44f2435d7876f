/** The fictional catalogue of the demo: Korean titles, artists and venues, none of them real. */

export type DemoPlan = 'ON_SALE' | 'SCHEDULED' | 'SOLD_OUT' | 'CANCELLED' | 'COMPLETED';

export interface DemoConcert {
  title: string;
  artist: string;
  venueName: string;
  venueAddress: string;
  /** Days from today (Seoul) to the show. */
  dayOffset: number;
  startTime: string;
  endTime: string;
  totalSeats: number;
  plan: DemoPlan;
  /** For SCHEDULED: days from today until booking opens. */
  bookingOpensIn?: number;
  minAge: number;
  maxTicketsPerUser: number;
  description: string;
  /** Reviews to seed (≥ 10 gives the AI summary enough to work with). */
  reviewCount: number;
  expectationCount: number;
}

export const demoConcerts: DemoConcert[] = [
  { title: '별빛 오케스트라: 겨울 밤의 세레나데', artist: '별빛 오케스트라', venueName: '한빛 아트홀', venueAddress: '서울특별시 중구 별빛로 21', dayOffset: 12, startTime: '19:30:00', endTime: '21:30:00', totalSeats: 1200, plan: 'ON_SALE', minAge: 7, maxTicketsPerUser: 4, description: '겨울밤을 수놓는 오케스트라의 선율. 영화 음악부터 클래식 명곡까지, 온 가족이 함께 즐기는 세레나데 공연입니다.', reviewCount: 4, expectationCount: 6 },
  { title: '노을 밴드 전국투어 〈여름의 끝〉 서울', artist: '노을 밴드', venueName: '서울 스카이돔', venueAddress: '서울특별시 구로구 하늘돔로 430', dayOffset: 20, startTime: '18:00:00', endTime: '20:30:00', totalSeats: 50_000, plan: 'ON_SALE', minAge: 0, maxTicketsPerUser: 4, description: '5만 관객과 함께하는 노을 밴드 전국투어의 피날레. 히트곡 메들리와 미공개 신곡 무대가 준비되어 있습니다.', reviewCount: 14, expectationCount: 8 },
  { title: '루나 솔로 콘서트 〈MOONLIGHT〉', artist: '루나(LUNA)', venueName: '올림푸스 홀', venueAddress: '서울특별시 송파구 올림길 88', dayOffset: 9, startTime: '19:00:00', endTime: '21:00:00', totalSeats: 3000, plan: 'ON_SALE', minAge: 0, maxTicketsPerUser: 4, description: '싱어송라이터 루나의 첫 단독 아레나 공연. 몽환적인 사운드와 달빛 무대 연출을 만나보세요.', reviewCount: 12, expectationCount: 7 },
  { title: '재즈 인 더 시티 2026', artist: '블루노트 트리오', venueName: '청담 재즈라운지', venueAddress: '서울특별시 강남구 청담재즈길 5', dayOffset: 6, startTime: '20:00:00', endTime: '22:00:00', totalSeats: 60, plan: 'ON_SALE', minAge: 19, maxTicketsPerUser: 2, description: '60석 소규모 라운지에서 만나는 정통 재즈. 와인 한 잔과 함께 즉흥 연주의 매력을 느껴보세요.', reviewCount: 3, expectationCount: 4 },
  { title: '한여름 밤의 록 페스티벌', artist: '크림슨 웨이브', venueName: '인천 하모니 파크 야외무대', venueAddress: '인천광역시 연수구 하모니로 77', dayOffset: 30, startTime: '16:00:00', endTime: '22:00:00', totalSeats: 5000, plan: 'ON_SALE', minAge: 12, maxTicketsPerUser: 4, description: '여섯 시간 동안 이어지는 야외 록 페스티벌. 크림슨 웨이브와 함께 뜨거운 밤을 보내세요.', reviewCount: 2, expectationCount: 5 },
  { title: '스텔라 팬미팅 〈HELLO STELLA〉', artist: '스텔라(STELLA)', venueName: '잠실 플라자홀', venueAddress: '서울특별시 송파구 플라자로 25', dayOffset: 15, startTime: '17:00:00', endTime: '19:30:00', totalSeats: 2400, plan: 'ON_SALE', minAge: 0, maxTicketsPerUser: 2, description: '스텔라 멤버들과 함께하는 토크, 게임, 그리고 스페셜 무대. 팬클럽 회원이 아니어도 누구나 참여할 수 있습니다.', reviewCount: 11, expectationCount: 8 },
  { title: '어쿠스틱 기타 리사이틀', artist: '김하람', venueName: '광화문 작은극장', venueAddress: '서울특별시 종로구 새문안길 9', dayOffset: 8, startTime: '19:30:00', endTime: '21:00:00', totalSeats: 120, plan: 'ON_SALE', minAge: 0, maxTicketsPerUser: 4, description: '기타 한 대로 채우는 90분. 클래식 기타 명곡과 자작곡을 가까운 거리에서 들을 수 있습니다.', reviewCount: 0, expectationCount: 3 },
  { title: '힙합 나이트: 언더그라운드 라이브', artist: '비트메이커스', venueName: '홍대 사운드 스테이지', venueAddress: '서울특별시 마포구 사운드길 14', dayOffset: 11, startTime: '21:00:00', endTime: '23:30:00', totalSeats: 400, plan: 'ON_SALE', minAge: 19, maxTicketsPerUser: 4, description: '언더그라운드 힙합 크루 비트메이커스의 스탠딩 라이브. 프리스타일 배틀 코너도 준비되어 있습니다.', reviewCount: 0, expectationCount: 4 },
  { title: '발라드의 계절', artist: '윤서정', venueName: '부산 오션 콘서트홀', venueAddress: '부산광역시 해운대구 파도로 101', dayOffset: 18, startTime: '19:00:00', endTime: '21:10:00', totalSeats: 1800, plan: 'ON_SALE', minAge: 0, maxTicketsPerUser: 4, description: '바다가 보이는 콘서트홀에서 듣는 윤서정의 발라드. 가을과 겨울 사이, 마음을 어루만지는 무대입니다.', reviewCount: 1, expectationCount: 5 },
  { title: '트로트 대축제', artist: '신바람 가요단', venueName: '대구 행복 아레나', venueAddress: '대구광역시 북구 행복로 300', dayOffset: 25, startTime: '15:00:00', endTime: '17:30:00', totalSeats: 4000, plan: 'ON_SALE', minAge: 0, maxTicketsPerUser: 6, description: '온 가족이 함께 즐기는 트로트 축제. 신바람 가요단의 흥겨운 무대와 관객 노래자랑이 펼쳐집니다.', reviewCount: 0, expectationCount: 3 },
  { title: '인디 뮤직 쇼케이스 Vol.7', artist: '새벽세시 외 4팀', venueName: '성수 창고 스튜디오', venueAddress: '서울특별시 성동구 창고길 3', dayOffset: 5, startTime: '19:00:00', endTime: '22:00:00', totalSeats: 250, plan: 'ON_SALE', minAge: 15, maxTicketsPerUser: 4, description: '주목받는 인디 밴드 다섯 팀이 한 무대에. 새로운 음악을 가장 먼저 만나는 쇼케이스입니다.', reviewCount: 0, expectationCount: 2 },
  { title: '피아노 앤 스트링스', artist: '이서윤 & 콰르텟 하늘', venueName: '예담 챔버홀', venueAddress: '서울특별시 서초구 예담로 40', dayOffset: 16, startTime: '19:30:00', endTime: '21:20:00', totalSeats: 700, plan: 'ON_SALE', minAge: 7, maxTicketsPerUser: 4, description: '피아니스트 이서윤과 현악 사중주 콰르텟 하늘의 실내악 무대. 슈베르트와 드보르자크를 연주합니다.', reviewCount: 0, expectationCount: 3 },
  { title: '레게 선셋 파티', artist: '선샤인 사운드', venueName: '제주 노을 비치홀', venueAddress: '제주특별자치도 제주시 노을해안로 12', dayOffset: 27, startTime: '17:30:00', endTime: '20:00:00', totalSeats: 900, plan: 'ON_SALE', minAge: 0, maxTicketsPerUser: 4, description: '해 질 녘 바닷가에서 즐기는 레게 음악 파티. 편안한 복장으로 오세요.', reviewCount: 0, expectationCount: 2 },
  { title: '클래식 갈라 콘서트 〈신년의 울림〉', artist: '한강 필하모닉', venueName: '한빛 아트홀', venueAddress: '서울특별시 중구 별빛로 21', dayOffset: 45, startTime: '19:30:00', endTime: '21:40:00', totalSeats: 2200, plan: 'SCHEDULED', bookingOpensIn: 3, minAge: 7, maxTicketsPerUser: 4, description: '새해를 여는 클래식 갈라. 베토벤 교향곡 9번 〈합창〉 4악장과 신년 왈츠 메들리를 연주합니다.', reviewCount: 0, expectationCount: 4 },
  { title: '시티팝 리바이벌 나이트', artist: '네온 드라이브', venueName: '을지로 레트로홀', venueAddress: '서울특별시 중구 을지레트로길 8', dayOffset: 40, startTime: '20:00:00', endTime: '22:00:00', totalSeats: 800, plan: 'SCHEDULED', bookingOpensIn: 5, minAge: 15, maxTicketsPerUser: 4, description: '80년대 시티팝을 오늘의 감성으로. 네온 드라이브가 선사하는 레트로 댄스 나이트.', reviewCount: 0, expectationCount: 3 },
  { title: 'K-팝 드림 콘서트 2027', artist: '오로라 외', venueName: '고양 드림 아레나', venueAddress: '경기도 고양시 일산서구 드림로 1', dayOffset: 60, startTime: '18:00:00', endTime: '21:30:00', totalSeats: 5000, plan: 'SCHEDULED', bookingOpensIn: 10, minAge: 0, maxTicketsPerUser: 4, description: '대세 아이돌 그룹이 총출동하는 K-팝 드림 콘서트. 라인업은 순차적으로 공개됩니다.', reviewCount: 0, expectationCount: 6 },
  { title: '뮤지컬 넘버 콘서트 〈무대 위의 별〉', artist: '뮤지컬 배우 연합', venueName: '대학로 별빛극장', venueAddress: '서울특별시 종로구 대학로 150', dayOffset: 35, startTime: '19:00:00', endTime: '21:30:00', totalSeats: 1500, plan: 'SCHEDULED', bookingOpensIn: 2, minAge: 8, maxTicketsPerUser: 4, description: '사랑받는 뮤지컬 넘버를 한자리에서. 베테랑 뮤지컬 배우들의 라이브 갈라 무대입니다.', reviewCount: 0, expectationCount: 3 },
  { title: '일렉트로닉 웨이브 페스트', artist: 'DJ 시그널', venueName: '송도 웨이브 돔', venueAddress: '인천광역시 연수구 웨이브로 55', dayOffset: 50, startTime: '20:00:00', endTime: '23:59:00', totalSeats: 3500, plan: 'SCHEDULED', bookingOpensIn: 7, minAge: 19, maxTicketsPerUser: 4, description: '레이저와 사운드가 만드는 일렉트로닉 축제. DJ 시그널의 4시간 논스톱 세트.', reviewCount: 0, expectationCount: 2 },
  { title: '소극장 라이브 〈작은 방의 노래〉', artist: '정다운', venueName: '연남 작은방', venueAddress: '서울특별시 마포구 연남길 33', dayOffset: 10, startTime: '19:30:00', endTime: '21:00:00', totalSeats: 60, plan: 'SOLD_OUT', minAge: 0, maxTicketsPerUser: 4, description: '60명만을 위한 작은 방 콘서트. 정다운의 목소리를 가장 가까이에서 들을 수 있는 공연입니다.', reviewCount: 0, expectationCount: 5 },
  { title: '퓨전 국악 콘서트 〈바람의 소리〉', artist: '가온 국악단', venueName: '국악의 전당 예악홀', venueAddress: '서울특별시 서초구 국악로 2', dayOffset: 14, startTime: '19:30:00', endTime: '21:00:00', totalSeats: 900, plan: 'CANCELLED', minAge: 0, maxTicketsPerUser: 4, description: '가야금과 신디사이저가 만나는 퓨전 국악 무대. (출연진 사정으로 공연이 취소되었습니다.)', reviewCount: 0, expectationCount: 2 },
  { title: '록 레전드 리유니언', artist: '메탈하트', venueName: '올림푸스 홀', venueAddress: '서울특별시 송파구 올림길 88', dayOffset: 22, startTime: '19:00:00', endTime: '21:30:00', totalSeats: 2000, plan: 'CANCELLED', minAge: 12, maxTicketsPerUser: 4, description: '전설의 록 밴드 메탈하트의 재결합 공연. (주최 측 사정으로 공연이 취소되었습니다.)', reviewCount: 0, expectationCount: 1 },
  { title: '가을 포크 음악회', artist: '들꽃 포크', venueName: '남산 숲속 야외극장', venueAddress: '서울특별시 용산구 남산숲길 7', dayOffset: -20, startTime: '17:00:00', endTime: '19:00:00', totalSeats: 500, plan: 'COMPLETED', minAge: 0, maxTicketsPerUser: 4, description: '단풍 아래에서 듣는 포크 음악. 통기타와 하모니카가 어우러진 가을 음악회.', reviewCount: 10, expectationCount: 2 },
  { title: '루나 쇼케이스 〈FIRST LIGHT〉', artist: '루나(LUNA)', venueName: '성수 창고 스튜디오', venueAddress: '서울특별시 성동구 창고길 3', dayOffset: -40, startTime: '19:00:00', endTime: '20:30:00', totalSeats: 1000, plan: 'COMPLETED', minAge: 0, maxTicketsPerUser: 4, description: '루나의 데뷔 앨범 발매 기념 쇼케이스.', reviewCount: 12, expectationCount: 3 },
  { title: '노을 밴드 앵콜 콘서트', artist: '노을 밴드', venueName: '잠실 플라자홀', venueAddress: '서울특별시 송파구 플라자로 25', dayOffset: -12, startTime: '18:00:00', endTime: '20:30:00', totalSeats: 2500, plan: 'COMPLETED', minAge: 0, maxTicketsPerUser: 4, description: '매진 행렬을 이어간 노을 밴드의 앵콜 공연.', reviewCount: 15, expectationCount: 2 },
  { title: '재즈 브런치 라이브', artist: '블루노트 트리오', venueName: '청담 재즈라운지', venueAddress: '서울특별시 강남구 청담재즈길 5', dayOffset: -6, startTime: '11:00:00', endTime: '12:30:00', totalSeats: 80, plan: 'COMPLETED', minAge: 0, maxTicketsPerUser: 4, description: '주말 오전, 브런치와 함께하는 재즈 라이브.', reviewCount: 5, expectationCount: 1 },
  { title: '스텔라 데뷔 1주년 콘서트', artist: '스텔라(STELLA)', venueName: '고양 드림 아레나', venueAddress: '경기도 고양시 일산서구 드림로 1', dayOffset: -30, startTime: '18:00:00', endTime: '20:30:00', totalSeats: 3000, plan: 'COMPLETED', minAge: 0, maxTicketsPerUser: 4, description: '스텔라의 데뷔 1주년을 기념한 첫 단독 콘서트.', reviewCount: 13, expectationCount: 4 },
];

/** Demo fans: review authors and the buyers of the sold-out show. Password: fan1234! */
export const demoFans = [
  ['fan01', '별빛팬'], ['fan02', '음악이좋아'], ['fan03', '공연덕후'], ['fan04', '라이브러버'],
  ['fan05', '떼창요정'], ['fan06', '무대장인'], ['fan07', '콘서트메이트'], ['fan08', '앵콜요청'],
  ['fan09', '밤하늘별'], ['fan10', '기타소년'], ['fan11', '재즈고양이'], ['fan12', '리듬타는곰'],
  ['fan13', '노을바라기'], ['fan14', '달빛소녀'], ['fan15', '스텔라러브'], ['fan16', '페스티벌러'],
] as const;

export const reviewTitles: Record<number, readonly string[]> = {
  5: ['인생 공연이었어요', '최고의 밤이었습니다', '다시 가고 싶어요', '감동 그 자체', '라이브 실력에 놀랐어요'],
  4: ['만족스러운 공연', '좋은 시간이었어요', '기대 이상이었어요', '추천합니다'],
  3: ['무난했어요', '괜찮았지만 아쉬움도', '보통이었어요'],
  2: ['아쉬움이 남아요', '기대보다는 별로'],
  1: ['실망했어요'],
};

export const reviewPraise = [
  '라이브 실력이 음원보다 훨씬 좋았어요.',
  '무대 연출과 조명이 정말 화려했어요.',
  '음향이 깔끔해서 가사가 또렷하게 들렸어요.',
  '셋리스트 구성이 완벽해서 시간 가는 줄 몰랐어요.',
  '관객과 소통하는 시간이 많아서 즐거웠어요.',
  '앵콜 무대에서 다 같이 떼창할 때 울컥했어요.',
  '좌석 간격이 넉넉해서 편하게 관람했어요.',
  '스태프 안내가 친절하고 입장이 빨랐어요.',
  '신곡 무대를 처음 들을 수 있어서 좋았어요.',
];

export const reviewComplaints = [
  '입장 대기 줄이 너무 길었어요.',
  '뒷자리에서는 무대가 잘 보이지 않았어요.',
  '음향이 가끔 울려서 아쉬웠어요.',
  '공연 시간이 생각보다 짧았어요.',
  '굿즈 부스가 너무 혼잡했어요.',
  '주차 공간이 부족했어요.',
  '공연장 안이 조금 더웠어요.',
];

export const expectationComments = [
  '티켓팅 성공했어요! 벌써부터 설레요.',
  '지난 공연이 너무 좋아서 이번에도 기대하고 있어요.',
  '신곡 라이브 꼭 듣고 싶어요!',
  '친구랑 같이 가기로 했어요. 빨리 그날이 왔으면.',
  '세트리스트가 궁금해요. 명곡 위주면 좋겠어요.',
  '처음 가보는 공연장이라 기대돼요.',
  '이번엔 앞자리에서 보고 싶어요!',
  '응원봉 챙겨서 갈게요!',
];
