import { randomBytes, randomInt } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { saveScreenshot } from './support/session';

/**
 * Issue 17 item 1: social login through the fake Google/Kakao/Naver that playwright.config.ts
 * starts (the app's real adapters talk to it over HTTP; the browser follows real redirects and
 * fills the fake's consent page).
 */

const widths = [
  { width: 375, height: 812 },
  { width: 1280, height: 800 },
] as const;

/**
 * The server behind nginx runs without provider credentials and with OAUTH_SANDBOX=off
 * (playwright.config.ts); the queue server, the embedded default, gets the sandbox instead
 * (polish.spec.ts).
 */
const unconfiguredBaseURL = process.env.NGINX_BASE_URL ?? 'http://localhost:8184';

interface ConsentUser {
  id: string;
  email: string;
  name: string;
}

/** On the fake provider's consent page: who logs in, then 동의하고 계속하기. */
async function consentAs(page: Page, user: ConsentUser): Promise<void> {
  await expect(page.getByRole('heading', { name: /로그인 \(테스트 전용\)/ })).toBeVisible();
  await page.getByLabel('사용자 ID', { exact: true }).fill(user.id);
  await page.getByLabel('이메일', { exact: true }).fill(user.email);
  await page.getByLabel('이름', { exact: true }).fill(user.name);
  await page.getByLabel('이메일 인증됨').check();
  await page.getByRole('button', { name: '동의하고 계속하기' }).click();
}

async function expectNoSeriousAxeViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const serious = results.violations.filter(
    (v) => v.impact === 'serious' || v.impact === 'critical',
  );
  expect(
    serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

test.describe('social login', () => {
  test('Kakao: a new user signs up, logs in, logs out, logs in again and sees Kakao linked', async ({
    page,
  }) => {
    const tag = randomBytes(3).toString('hex');
    const kakaoUser = {
      id: String(randomInt(10_000_000, 99_999_999)),
      email: `kakao${tag}@example.com`,
      name: '카카오팬',
    };
    const username = `kakao${tag}`;

    for (const size of widths) {
      await page.setViewportSize(size);
      await page.goto('/login');
      await expect(page.getByRole('link', { name: '카카오로 계속하기' })).toBeVisible();
      await saveScreenshot(page, `social-login-${size.width}`);
    }
    await expectNoSeriousAxeViolations(page);

    await page.getByRole('link', { name: '카카오로 계속하기' }).click();
    await consentAs(page, kakaoUser);

    // Unknown account: the pending sign-up, pre-filled, without password fields.
    await expect(page).toHaveURL(/\/register\?error=need_signup$/);
    await expect(page.getByText('소셜 로그인 회원가입 필요')).toBeVisible();
    const form = page.locator('form');
    await expect(form.getByLabel('이메일')).toHaveValue(kakaoUser.email);
    await expect(form.getByLabel('이름')).toHaveValue(kakaoUser.name);
    await expect(form.getByLabel('비밀번호', { exact: true })).toHaveCount(0);
    for (const size of widths) {
      await page.setViewportSize(size);
      await saveScreenshot(page, `social-register-need-signup-${size.width}`);
    }
    await expectNoSeriousAxeViolations(page);

    await form.getByLabel('아이디').fill(username);
    await form.getByLabel('닉네임').fill(`카카오${tag}`);
    await form.getByLabel('전화번호').pressSequentially('01055556666');
    await form.getByLabel('주소').fill('서울특별시 마포구 커튼콜로 1');
    await form.getByLabel(/이용약관과 개인정보처리방침에 동의합니다/).check();
    await form.getByRole('button', { name: '가입 완료하기' }).click();
    await expect(page.getByText('회원가입이 완료되었습니다.')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);

    const header = page.getByRole('banner');
    const greeting = header.getByText(`${username}님 안녕하세요`).first();
    await page.getByRole('link', { name: '카카오로 계속하기' }).click();
    await consentAs(page, kakaoUser);
    await expect(page).toHaveURL(/\/$/);
    await expect(greeting).toBeVisible();

    await header.getByRole('button', { name: '로그아웃' }).first().click();
    await expect(header.getByRole('link', { name: '로그인' }).first()).toBeVisible();

    await page.goto('/login');
    await page.getByRole('link', { name: '카카오로 계속하기' }).click();
    await consentAs(page, kakaoUser);
    await expect(page).toHaveURL(/\/$/);
    await expect(greeting).toBeVisible();

    await page.goto('/mypage/profile');
    const panel = page.getByRole('region', { name: '소셜 계정 연결' });
    const kakaoRow = panel.locator('li[data-provider="kakao"]');
    await expect(kakaoRow).toContainText(`연결됨 · ${kakaoUser.email}`);
    // The only way this password-less account logs in: the page says it cannot be unlinked.
    await expect(kakaoRow).toContainText('마지막 로그인 수단이라 연결을 해제할 수 없습니다.');
    await kakaoRow.getByRole('button', { name: '카카오 연결 해제' }).click();
    await expect(
      page.getByText('비밀번호가 없는 계정의 마지막 소셜 로그인 연결은 해제할 수 없습니다.', {
        exact: false,
      }),
    ).toBeVisible();
    await expect(kakaoRow).toContainText('연결됨');
  });

  test('Google with the demo buyer`s verified e-mail links to that account', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('link', { name: 'Google로 계속하기' }).click();
    await consentAs(page, {
      id: `google-${randomBytes(4).toString('hex')}`,
      email: 'buyer@curtaincall.example',
      name: '데모 구매자',
    });
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('banner').getByText('buyer님 안녕하세요').first()).toBeVisible();

    await page.goto('/mypage/profile');
    const panel = page.getByRole('region', { name: '소셜 계정 연결' });
    await expect(panel.locator('li[data-provider="google"]')).toContainText(
      '연결됨 · buyer@curtaincall.example',
    );
    await expect(panel.getByRole('link', { name: '네이버 계정 연결하기' })).toBeVisible();
    await expectNoSeriousAxeViolations(page);
    for (const size of widths) {
      await page.setViewportSize(size);
      await saveScreenshot(page, `social-mypage-linked-${size.width}`);
    }

    // Linking Naver from my page, then unlinking it (the account has a password).
    await panel.getByRole('link', { name: '네이버 계정 연결하기' }).click();
    await consentAs(page, {
      id: `naver-${randomBytes(4).toString('hex')}`,
      email: 'buyer.contact@example.com',
      name: '데모 구매자',
    });
    await expect(page).toHaveURL(/\/mypage\/profile\?linked=naver$/);
    await expect(panel.getByRole('status')).toHaveText('네이버 계정이 연결되었습니다.');
    const naverRow = panel.locator('li[data-provider="naver"]');
    await expect(naverRow).toContainText('연결됨 · buyer.contact@example.com');
    await naverRow.getByRole('button', { name: '네이버 연결 해제' }).click();
    await expect(page.getByText('네이버 계정 연결이 해제되었습니다.')).toBeVisible();
    await expect(naverRow).toContainText('연결되지 않음');
  });

  test('denied consent comes back to /login with the Korean message', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('link', { name: '네이버로 계속하기' }).click();
    await page.getByRole('button', { name: '취소' }).click();
    await expect(page).toHaveURL(/\/login\?socialError=access_denied$/);
    await expect(page.getByRole('alert')).toHaveText('소셜 로그인이 취소되었습니다.');
  });

  test('a deployment without provider credentials shows the buttons disabled with a hint', async ({
    page,
  }) => {
    await page.goto(`${unconfiguredBaseURL}/login`);
    const kakao = page.getByRole('button', { name: '카카오로 계속하기' });
    await expect(kakao).toBeDisabled();
    await expect(kakao).toHaveAccessibleDescription(
      '카카오 로그인은 서버에 설정되지 않아 지금은 사용할 수 없습니다.',
    );
    await expectNoSeriousAxeViolations(page);
    await page.setViewportSize(widths[0]);
    await saveScreenshot(page, 'social-login-unconfigured-375');
  });
});
