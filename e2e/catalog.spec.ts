import { randomBytes } from 'node:crypto';
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { saveScreenshot } from './support/session';

/**
 * The catalog and community journey of issue 3 against the demo data: find a concert by a
 * Korean artist name, filter by dates, sort, page, open it, read its AI summary, log in, write,
 * edit and delete a review and an expectation, and check that another buyer cannot edit them.
 */

const onSaleTitle = '노을 밴드 전국투어 〈여름의 끝〉 서울';
const lunaTitle = '루나 솔로 콘서트 〈MOONLIGHT〉';
const completedLunaTitle = '루나 쇼케이스 〈FIRST LIGHT〉';

/** 'YYYY-MM-DD' in Seoul, `days` from today (the demo data is laid out relative to today). */
function seoulDate(days: number): string {
  const now = new Date(Date.now() + days * 86_400_000);
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Seoul' }).format(now);
}

/** Lazy posters below the fold load only when scrolled to; full-page shots should show them. */
async function loadLazyImages(page: Page): Promise<void> {
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += 500) {
      window.scrollTo(0, y);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    window.scrollTo(0, 0);
  });
}

async function cardTitles(page: Page): Promise<string[]> {
  const grid = page.getByRole('region', { name: /콘서트/ }).last();
  return grid.locator('article h3').allTextContents();
}

/** The id of a demo concert, found through the public search. */
async function concertIdOf(page: Page, query: string, title: string): Promise<number> {
  const response = await page.request.get(
    `/api/concerts/search?query=${encodeURIComponent(query)}`,
  );
  const body = (await response.json()) as { data: { concertId: number; title: string }[] };
  const concert = body.data.find((c) => c.title === title);
  if (!concert) throw new Error(`demo concert ${title} not found`);
  return concert.concertId;
}

/** Logs in on /login (reached from a page that asked for it) and returns there. */
async function logInFromRedirect(page: Page, username: string, returnPath: string) {
  await expect(page).toHaveURL(/\/login$/);
  const form = page.locator('form');
  await form.getByLabel('아이디').fill(username);
  await form.getByLabel('비밀번호').fill('buyer1234!');
  await form.getByRole('button', { name: '로그인' }).click();
  await expect(page).toHaveURL(new RegExp(`${returnPath}$`));
}

async function newLoggedInPage(browser: Browser, username: string, path: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto('/login');
  const form = page.locator('form');
  await form.getByLabel('아이디').fill(username);
  await form.getByLabel('비밀번호').fill('buyer1234!');
  await form.getByRole('button', { name: '로그인' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto(path);
  return page;
}

function itemWith(section: Locator, text: string): Locator {
  return section.getByRole('article').filter({ hasText: text });
}

test.describe('catalog: search, filter, sort and pages', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('a visitor finds a concert by a Korean artist name from home and from the list', async ({
    page,
  }) => {
    await page.goto('/');
    const hero = page.getByRole('search');
    const heroButton = hero.getByRole('button', { name: '검색', exact: true });
    await expect(heroButton).toBeDisabled();
    await hero.getByLabel('콘서트 검색').fill('루나');
    await hero.getByLabel('콘서트 검색').press('Enter');
    await expect(page.getByText(/‘루나’ 검색 결과 \d+건/)).toBeVisible();
    await expect(page.getByRole('link', { name: lunaTitle }).first()).toBeVisible();
    await hero.getByLabel('콘서트 검색').fill('존재하지않는공연');
    await heroButton.click();
    await expect(page.getByText('‘존재하지않는공연’에 대한 검색 결과가 없습니다.')).toBeVisible();
    await hero.getByRole('button', { name: '검색 초기화' }).click();
    await expect(page.getByRole('heading', { name: '검색 결과' })).toHaveCount(0);

    await page.getByRole('link', { name: /전체 콘서트 보기/ }).click();
    await expect(page).toHaveURL(/\/concerts$/);
    await expect(page.getByRole('heading', { level: 1, name: '모든 콘서트' })).toBeVisible();

    const search = page.getByRole('searchbox', { name: '콘서트 검색' });
    await expect(search).toHaveAttribute('placeholder', '콘서트나 아티스트를 검색하세요');
    await search.fill('루나');
    await search.press('Enter');
    await expect(page).toHaveURL(/query=%EB%A3%A8%EB%82%98/);
    const banner = page.getByRole('region', { name: '‘루나’ 검색 결과' });
    await expect(banner).toContainText('총 1개의 콘서트');
    await expect(page.getByRole('link', { name: lunaTitle })).toBeVisible();
    // A completed show of the same artist is not in public lists.
    await expect(page.getByRole('link', { name: completedLunaTitle })).toHaveCount(0);

    // The view survives a reload: the URL carries it.
    await page.reload();
    await expect(search).toHaveValue('루나');
    await expect(page.getByRole('link', { name: lunaTitle })).toBeVisible();

    await search.press('Escape');
    await expect(search).toHaveValue('');
    await expect(page).toHaveURL(/\/concerts$/);
  });

  test('filters by a date range, warns about past dates, sorts and pages', async ({ page }) => {
    await page.goto('/concerts');
    const panel = page.getByRole('form', { name: '공연 기간 필터' });
    const apply = panel.getByRole('button', { name: '적용' });
    await expect(apply).toBeDisabled();
    await expect(panel.getByRole('button', { name: '초기화' })).toBeDisabled();

    // A past start date: warned while picking, refused on apply.
    await panel.getByLabel('시작일').fill(seoulDate(-3));
    await expect(
      panel.getByText('오늘 이전의 날짜를 선택했습니다. 이미 지난 공연이 검색됩니다.'),
    ).toBeVisible();
    await apply.click();
    await expect(panel.getByRole('alert')).toContainText('시작일이 이미 지났습니다.');

    // End before start.
    await panel.getByLabel('시작일').fill(seoulDate(20));
    await panel.getByLabel('종료일').fill(seoulDate(10));
    await expect(panel.getByRole('alert')).toHaveText(
      '시작일과 종료일을 다시 확인해주세요. 종료일이 시작일보다 앞설 수 없습니다.',
    );

    // A valid range: the lunar show (in 9 days) and the band tour (in 20 days) are inside it,
    // the rock festival (in 30 days) is not.
    const start = seoulDate(7);
    const end = seoulDate(21);
    await panel.getByLabel('시작일').fill(start);
    await panel.getByLabel('종료일').fill(end);
    await apply.click();
    await expect(page).toHaveURL(new RegExp(`startDate=${start}&endDate=${end}`));
    const banner = page.getByRole('region', { name: '기간별 공연 검색 결과' });
    await expect(banner.getByText('필터 적용')).toBeVisible();
    await expect(page.getByRole('link', { name: onSaleTitle })).toBeVisible();
    await expect(page.getByRole('link', { name: lunaTitle })).toBeVisible();
    await expect(page.getByRole('link', { name: '한여름 밤의 록 페스티벌' })).toHaveCount(0);
    await expect(panel.getByRole('button', { name: '전체 보기' })).toBeEnabled();

    // Search within the dates: the search answer is narrowed to the range on the client.
    const search = page.getByRole('searchbox', { name: '콘서트 검색' });
    await search.fill('노을');
    await search.press('Enter');
    await expect(page.getByRole('region', { name: '‘노을’ 검색 결과' })).toContainText('필터 적용');
    expect(await cardTitles(page)).toEqual([onSaleTitle]);
    await saveScreenshot(page, 'concerts-filtered-desktop');

    await page
      .getByRole('region', { name: '‘노을’ 검색 결과' })
      .getByRole('button', { name: '전체 보기' })
      .click();
    await expect(page).toHaveURL(/\/concerts$/);

    // Sort by title; choosing it again flips the direction.
    await expect(page.getByText(/개 중 1-\d+개 표시/)).toBeVisible();
    await page.getByRole('button', { name: /제목순/ }).click();
    await expect(page).toHaveURL(/sortBy=title&sortDir=asc/);
    // The server's order: by code point, as a plain sort() gives.
    const isSorted = (titles: string[]) =>
      titles.length > 1 && titles.join('|') === [...titles].sort().join('|');
    await expect.poll(async () => isSorted(await cardTitles(page))).toBe(true);
    const ascending = await cardTitles(page);
    await page.getByRole('button', { name: /제목순/ }).click();
    await expect(page).toHaveURL(/sortBy=title&sortDir=desc/);
    await expect.poll(() => cardTitles(page)).toEqual([...ascending].reverse());

    // Pages of 8 (the size is part of the shareable URL).
    await page.goto('/concerts?size=8');
    const heading = page.getByRole('heading', { name: /전체 콘서트/ });
    await expect(heading).toContainText('개');
    const total = Number((await heading.textContent())?.replace(/\D/g, ''));
    expect(total).toBeGreaterThan(16);
    const pages = Math.ceil(total / 8);
    await expect(page.getByText(`${total}개 중 1-8개 표시`)).toBeVisible();
    await page.getByRole('button', { name: '2 페이지' }).click();
    await expect(page).toHaveURL(/size=8&page=2/);
    await expect(page.getByText(`${total}개 중 9-16개 표시`)).toBeVisible();
    await expect(page.getByText(`총 ${total}개 · 2 / ${pages} 페이지`)).toBeVisible();
    await page.getByRole('button', { name: `${pages} 페이지` }).click();
    await expect(page.getByRole('button', { name: '다음 페이지' })).toBeDisabled();
    await page.getByRole('button', { name: '이전 페이지' }).click();
    await expect(page).toHaveURL(new RegExp(`page=${pages - 1}`));
  });
});

test.describe('concert detail, reviews and expectations', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('a buyer reads the AI summary, writes, edits and deletes; another buyer cannot edit', async ({
    page,
    browser,
  }) => {
    // Two buyers, three dialogs each way and a second browser context: a long journey that took
    // over 60 s on a loaded 2-core machine.
    test.setTimeout(150_000);
    const tag = randomBytes(3).toString('hex');
    await page.goto('/concerts?query=노을');
    await page.getByRole('link', { name: onSaleTitle }).click();
    await expect(page).toHaveURL(/\/concerts\/\d+$/);
    const detailPath = new URL(page.url()).pathname;

    await expect(page.getByRole('heading', { level: 1, name: onSaleTitle })).toBeVisible();
    await expect(page).toHaveTitle(`${onSaleTitle} | 커튼콜`);
    await expect(page.getByText('예매중').first()).toBeVisible();
    // The summary above the tabs says both limits; the 판매정보 tab repeats them with the prices.
    await expect(page.getByRole('group', { name: '한눈에 보기' })).toContainText(
      '1회 최대 2매 선택 · 1인 최대 4매 예매',
    );
    const tabs = page.getByRole('tablist', { name: '공연 상세 정보' });
    await tabs.getByRole('tab', { name: '판매정보' }).click();
    await expect(page).toHaveURL(/\?tab=sales$/);
    const grades = page.getByRole('list', { name: '좌석 등급별 가격' });
    await expect(grades).toContainText('프리미엄150,000원');
    await expect(grades).toContainText('VIP100,000원');
    await expect(grades).toContainText('일반석50,000원');
    await expect(page.getByRole('region', { name: '예매 정보' })).toContainText('1인 최대 4매');
    await tabs.getByRole('tab', { name: '공연정보' }).click();

    // The AI summary is built from this concert's 14 reviews: three labelled parts.
    const summary = page.getByRole('region', { name: 'AI 관람평 요약' });
    await expect(summary.getByText('전체 평가')).toBeVisible();
    await expect(summary).toContainText('관람객 리뷰를 바탕으로 AI가 자동 생성한 요약입니다.');
    const more = summary.getByRole('button', { name: 'AI 요약 더보기' });
    if (await more.isVisible()) {
      await more.click();
      await expect(summary.getByRole('button', { name: 'AI 요약 접기' })).toBeVisible();
    }
    await expect(summary.getByText('아쉬운 점')).toBeVisible();

    await tabs.getByRole('tab', { name: '관람후기' }).click();
    await expect(page).toHaveURL(/\?tab=reviews$/);
    const reviews = page.getByRole('region', { name: /^관람평/ });
    await expect(reviews.getByRole('article')).toHaveCount(10);
    await reviews.getByRole('button', { name: '2 페이지' }).click();
    await expect(reviews.getByText(/개 중 11-\d+개 표시/)).toBeVisible();
    await reviews.getByRole('button', { name: '평점순' }).click();
    await expect(reviews.getByRole('button', { name: '1 페이지' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    // Anonymous visitors see no edit or delete anywhere.
    await expect(page.getByRole('button', { name: /관람평 수정|기대평 수정/ })).toHaveCount(0);

    // Booking as a visitor asks to log in and comes back here.
    await page.getByRole('button', { name: '예매하기' }).click();
    await expect(page.getByText('로그인이 필요합니다.')).toBeVisible();
    // The login comes back to the same tab.
    await logInFromRedirect(page, 'buyer', `${detailPath}\\?tab=reviews`);
    // Logged in, 예매하기 enters the waiting room; with free slots that is the seat page at once.
    await page.getByRole('button', { name: '예매하기' }).click();
    await expect(page).toHaveURL(new RegExp(`${detailPath}/reserve$`));
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`${detailPath}\\?tab=reviews$`));

    // Write a review.
    const reviewTitle = `E2E 관람평 ${tag}`;
    await reviews.getByRole('button', { name: '관람평 작성' }).click();
    let dialog = page.getByRole('dialog', { name: '관람평 작성' });
    await expect(dialog.getByText('5점 · 최고예요')).toBeVisible();
    await dialog.getByRole('button', { name: '등록하기' }).click();
    await expect(dialog.getByText('제목은(는) 필수입니다.')).toBeVisible();
    await dialog.getByLabel('제목').fill(`  ${reviewTitle}  `);
    await dialog.getByLabel('내용').fill('떼창하는 순간 소름이 돋았어요. 음향도 훌륭했습니다.');
    await dialog.getByRole('radio', { name: '4점 좋아요' }).check();
    await dialog.getByRole('button', { name: '등록하기' }).click();
    await expect(page.getByText('후기가 작성되었습니다.')).toBeVisible();
    await expect(dialog).toHaveCount(0);
    const myReview = itemWith(reviews, reviewTitle);
    await expect(myReview).toBeVisible();
    await expect(myReview.getByText('좋아요')).toBeVisible();
    await expect(myReview.getByText('내 관람평')).toBeVisible();

    // Edit it, rating too.
    await myReview.getByRole('button', { name: '관람평 수정' }).click();
    dialog = page.getByRole('dialog', { name: '관람평 수정' });
    await expect(dialog.getByLabel('제목')).toHaveValue(reviewTitle);
    await dialog.getByLabel('제목').fill(`${reviewTitle} (수정)`);
    await dialog.getByRole('radio', { name: '3점 보통이에요' }).check();
    await dialog.getByRole('button', { name: '수정하기' }).click();
    await expect(page.getByText('후기가 수정되었습니다.')).toBeVisible();
    const editedReview = itemWith(reviews, `${reviewTitle} (수정)`);
    await expect(editedReview.getByText('보통이에요')).toBeVisible();

    // Write and edit an expectation.
    await tabs.getByRole('tab', { name: '기대평' }).click();
    await expect(page).toHaveURL(/\?tab=expectations$/);
    const expectations = page.getByRole('region', { name: /^기대평/ });
    const comment = `셋리스트가 정말 기대돼요 ${tag}`;
    await expectations.getByRole('button', { name: '기대평 작성' }).click();
    dialog = page.getByRole('dialog', { name: '기대평 작성' });
    await dialog.getByLabel('기대평').fill(comment);
    await expect(dialog.getByText(`${comment.length}/500`)).toBeVisible();
    await dialog.getByRole('button', { name: '등록하기' }).click();
    await expect(page.getByText('기대평이 작성되었습니다.')).toBeVisible();
    const myExpectation = itemWith(expectations, comment);
    await expect(myExpectation.getByText('정말 기대됨')).toBeVisible();
    await myExpectation.getByRole('button', { name: '기대평 수정' }).click();
    dialog = page.getByRole('dialog', { name: '기대평 수정' });
    await dialog.getByLabel('기대평').fill(`${comment} (수정)`);
    await dialog.getByRole('radio', { name: '4점 많이 기대됨' }).check();
    await dialog.getByRole('button', { name: '수정하기' }).click();
    await expect(page.getByText('기대평이 수정되었습니다.')).toBeVisible();
    await expect(
      itemWith(expectations, `${comment} (수정)`).getByText('많이 기대됨'),
    ).toBeVisible();

    await loadLazyImages(page);
    await saveScreenshot(page, 'detail-logged-in-desktop');

    // Another buyer sees both items but no edit or delete on them.
    const other = await newLoggedInPage(browser, 'buyer2', `${detailPath}?tab=reviews`);
    const otherReviews = other.getByRole('region', { name: /^관람평/ });
    const otherExpectations = other.getByRole('region', { name: /^기대평/ });
    const buyersReview = itemWith(otherReviews, `${reviewTitle} (수정)`);
    await expect(buyersReview).toBeVisible();
    await expect(buyersReview.getByRole('button')).toHaveCount(0);
    await expect(other.getByRole('button', { name: /관람평 수정|관람평 삭제/ })).toHaveCount(0);
    await other.getByRole('tab', { name: '기대평' }).click();
    const buyersExpectation = itemWith(otherExpectations, `${comment} (수정)`);
    await expect(buyersExpectation).toBeVisible();
    await expect(buyersExpectation.getByRole('button')).toHaveCount(0);
    await expect(other.getByRole('button', { name: /기대평 수정|기대평 삭제/ })).toHaveCount(0);
    await other.context().close();

    // The author deletes both, after confirming.
    await tabs.getByRole('tab', { name: '관람후기' }).click();
    await editedReview.getByRole('button', { name: '관람평 삭제' }).click();
    dialog = page.getByRole('dialog', { name: '관람평 삭제' });
    await expect(dialog).toContainText('관람평을 삭제하시겠습니까?');
    await dialog.getByRole('button', { name: '취소' }).click();
    await expect(editedReview).toBeVisible();
    await editedReview.getByRole('button', { name: '관람평 삭제' }).click();
    await page
      .getByRole('dialog', { name: '관람평 삭제' })
      .getByRole('button', { name: '삭제하기' })
      .click();
    await expect(page.getByText('후기가 삭제되었습니다.')).toBeVisible();
    await expect(itemWith(reviews, reviewTitle)).toHaveCount(0);

    await tabs.getByRole('tab', { name: '기대평' }).click();
    await itemWith(expectations, comment).getByRole('button', { name: '기대평 삭제' }).click();
    await page
      .getByRole('dialog', { name: '기대평 삭제' })
      .getByRole('button', { name: '삭제하기' })
      .click();
    await expect(page.getByText('기대평이 삭제되었습니다.')).toBeVisible();
    await expect(itemWith(expectations, comment)).toHaveCount(0);
  });

  test('a bad id and an unknown concert say so', async ({ page }) => {
    await page.goto('/concerts/abc');
    await expect(page.getByText('잘못된 콘서트 ID 입니다.')).toBeVisible();
    await page.goto('/concerts/999999');
    await expect(page.getByText('콘서트 정보를 찾을 수 없습니다.')).toBeVisible();
  });
});

const viewports = [
  { name: 'mobile', width: 375, height: 812 },
  { name: 'desktop', width: 1280, height: 800 },
];

for (const viewport of viewports) {
  test.describe(`catalog screens at ${viewport.width}x${viewport.height}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('home search, the list and a detail page', async ({ page }) => {
      // Three full-page captures; on a shared 2-core machine each may take several seconds.
      test.slow();
      await page.goto('/');
      const hero = page.getByRole('search');
      // The spec's whole placeholder shows in the field (at 375 px it was cut at "…검색하세").
      const placeholder = await hero.getByLabel('콘서트 검색').evaluate((input) => {
        const field = input as HTMLInputElement;
        const probe = document.createElement('span');
        const font = getComputedStyle(field, '::placeholder');
        probe.textContent = field.placeholder;
        probe.style.cssText = `position:absolute;visibility:hidden;white-space:pre;font:${font.font};letter-spacing:${font.letterSpacing}`;
        document.body.append(probe);
        const textWidth = probe.getBoundingClientRect().width;
        probe.remove();
        const own = getComputedStyle(field);
        const room = field.clientWidth - parseFloat(own.paddingLeft) - parseFloat(own.paddingRight);
        return { text: field.placeholder, textWidth, room, fontSize: font.fontSize };
      });
      expect(placeholder.text).toBe('콘서트나 아티스트를 검색하세요');
      expect(placeholder.textWidth).toBeGreaterThan(100);
      expect(placeholder.textWidth).toBeLessThanOrEqual(placeholder.room);
      await hero.getByLabel('콘서트 검색').fill('노을');
      await hero.getByLabel('콘서트 검색').press('Enter');
      await expect(page.getByText(/‘노을’ 검색 결과 \d+건/)).toBeVisible();
      await loadLazyImages(page);
      await saveScreenshot(page, `home-search-${viewport.name}`);

      await page.goto('/concerts');
      await expect(page.getByRole('heading', { name: /전체 콘서트/ })).toContainText('개');
      if (viewport.name === 'mobile') {
        await expect(page.getByRole('combobox', { name: '정렬 기준' })).toBeVisible();
      } else {
        await expect(page.getByRole('button', { name: /공연일순/ })).toBeVisible();
      }
      await loadLazyImages(page);
      await saveScreenshot(page, `concerts-${viewport.name}`);

      const concertId = await concertIdOf(page, '노을', onSaleTitle);
      await page.goto(`/concerts/${concertId}`);
      await expect(page.getByRole('heading', { level: 1, name: onSaleTitle })).toBeVisible();
      await expect(
        page.getByRole('region', { name: 'AI 관람평 요약' }).getByText('전체 평가'),
      ).toBeVisible();
      const booking = page.getByRole('button', { name: '예매하기' });
      const box = await booking.boundingBox();
      if (viewport.name === 'mobile') {
        // Fixed to the bottom of the screen on mobile.
        expect(box && box.y + box.height).toBeGreaterThan(viewport.height - 80);
      }
      await loadLazyImages(page);
      await saveScreenshot(page, `detail-${viewport.name}`);
    });
  });
}
