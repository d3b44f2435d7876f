import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { loginThroughPage } from './support/session';

test.describe('accounts', () => {
  test('a new visitor registers, sees the greeting, logs out and logs in again', async ({
    page,
    browser,
  }) => {
    const tag = randomBytes(3).toString('hex');
    const username = `e2e${tag}`;
    const password = 'secret12!';

    await page.goto('/register');
    const form = page.locator('form');
    await form.getByLabel('이메일').fill(`${username}@example.com`);
    await form.getByLabel('아이디').fill(username);
    await form.getByLabel('비밀번호', { exact: true }).fill(password);
    await form.getByLabel('비밀번호 확인').fill(password);
    await form.getByLabel('이름').fill('김커튼');
    await form.getByLabel('닉네임').fill(`관객${tag}`);
    const phone = form.getByLabel('전화번호');
    await phone.pressSequentially('01098765432');
    await expect(phone).toHaveValue('010-9876-5432');
    await form.getByLabel('주소').fill('서울특별시 마포구 커튼콜로 1');
    await form.getByLabel(/이용약관과 개인정보처리방침에 동의합니다/).check();
    await form.getByRole('button', { name: '회원가입' }).click();

    await expect(page.getByText('회원가입이 완료되었습니다.')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);

    await loginThroughPage(page, username, password);
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: '마이페이지' }).first()).toBeVisible();
    await expect(header.getByRole('link', { name: '판매자 페이지' }).first()).toBeVisible();

    await header.getByRole('button', { name: '로그아웃' }).first().click();
    await expect(header.getByRole('link', { name: '로그인' }).first()).toBeVisible();
    await expect(header.getByText(`${username}님 안녕하세요`)).toHaveCount(0);

    await loginThroughPage(page, username, password);

    // 모든 기기에서 로그아웃 on my page ends the other browser's session and this one's.
    const otherDevice = await browser.newPage({ baseURL: test.info().project.use.baseURL });
    await loginThroughPage(otherDevice, username, password);
    await page.goto('/mypage/profile');
    await page.getByRole('button', { name: '모든 기기에서 로그아웃' }).click();
    const dialog = page.getByRole('dialog', { name: '모든 기기에서 로그아웃할까요?' });
    await dialog.getByRole('button', { name: '모두 로그아웃' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(header.getByRole('link', { name: '로그인' }).first()).toBeVisible();
    await otherDevice.goto('/mypage/profile');
    await expect(otherDevice).toHaveURL(/\/login$/);
    await otherDevice.close();
  });

  test('registration shows each field message for invalid input', async ({ page }) => {
    await page.goto('/register');
    const form = page.locator('form');
    await form.getByLabel('이메일').fill('not-an-email');
    await form.getByLabel('아이디').fill('AB');
    await form.getByLabel('비밀번호', { exact: true }).fill('short');
    await form.getByLabel('비밀번호 확인').fill('different');
    await form.getByRole('button', { name: '회원가입' }).click();

    await expect(form.getByText('올바른 이메일 형식이 아닙니다.')).toBeVisible();
    await expect(
      form.getByText('아이디는 4~20자의 영문 소문자와 숫자만 사용할 수 있습니다.'),
    ).toBeVisible();
    await expect(form.getByText(/비밀번호는 8자 이상이며/)).toBeVisible();
    await expect(form.getByText('비밀번호가 일치하지 않습니다.')).toBeVisible();
    await expect(form.getByText('이름은 필수입니다.')).toBeVisible();
    await expect(form.getByText('이용약관과 개인정보처리방침에 동의해주세요.')).toBeVisible();
    await expect(page.getByText('입력 정보를 다시 확인해주세요.')).toBeVisible();
    await expect(page).toHaveURL(/\/register$/);
  });

  test('a taken username is refused with the server message', async ({ page }) => {
    await page.goto('/register');
    const form = page.locator('form');
    await form.getByLabel('이메일').fill(`dup${randomBytes(3).toString('hex')}@example.com`);
    await form.getByLabel('아이디').fill('buyer');
    await form.getByLabel('비밀번호', { exact: true }).fill('secret12!');
    await form.getByLabel('비밀번호 확인').fill('secret12!');
    await form.getByLabel('이름').fill('중복');
    await form.getByLabel('닉네임').fill(`중복${randomBytes(2).toString('hex')}`);
    await form.getByLabel('전화번호').fill('010-1111-2222');
    await form.getByLabel('주소').fill('서울');
    await form.getByLabel(/이용약관과 개인정보처리방침에 동의합니다/).check();
    await form.getByRole('button', { name: '회원가입' }).click();
    // Under the field (issue 23), besides the toast.
    await expect(form.getByText('이미 사용 중인 아이디입니다.')).toBeVisible();
  });

  test('a wrong password shows the login failure text', async ({ page }) => {
    await page.goto('/login');
    const form = page.locator('form');
    await form.getByLabel('아이디').fill('buyer2');
    await form.getByLabel('비밀번호').fill('wrong-pass1!');
    await form.getByRole('button', { name: '로그인' }).click();
    await expect(form.getByText('로그인 실패: 아이디 또는 비밀번호를 확인해주세요.')).toBeVisible();
  });

  test('the demo accounts log in with their roles', async ({ page }) => {
    await loginThroughPage(page, 'admin', 'admin1234!');
    await expect(
      page.getByRole('banner').getByRole('link', { name: '관리자 대시보드' }).first(),
    ).toBeVisible();
    await page.getByRole('banner').getByRole('button', { name: '로그아웃' }).first().click();
    await loginThroughPage(page, 'seller', 'seller1234!');
    await expect(
      page.getByRole('banner').getByRole('link', { name: '판매자 페이지' }).first(),
    ).toBeVisible();
  });
});
