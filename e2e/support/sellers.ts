import { randomBytes } from 'node:crypto';
import {
  expect,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
} from '@playwright/test';

/**
 * A one-page PDF with a line of text, built byte by byte so its cross-reference offsets are
 * right: the server checks the licence by its bytes, and the browser's viewer must open it.
 */
export function licencePdf(text: string): Buffer {
  const content = `BT /F1 24 Tf 72 700 Td (${text.replace(/[()\\]/g, '')}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${Buffer.byteLength(content)} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body));
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xrefOffset = Buffer.byteLength(body);
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xrefOffset}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

export interface NewUser {
  username: string;
  nickname: string;
  password: string;
  name: string;
}

/** A brand-new account, registered through the API (the auth journey covers the form). */
export async function registerUser(request: APIRequestContext, prefix: string): Promise<NewUser> {
  const tag = randomBytes(3).toString('hex');
  const user: NewUser = {
    username: `${prefix}${tag}`,
    nickname: `${prefix}닉${tag}`,
    password: 'secret12!',
    name: '김판매',
  };
  const response = await request.post('/api/auth/register', {
    multipart: {
      username: user.username,
      email: `${user.username}@example.com`,
      password: user.password,
      confirmPassword: user.password,
      name: user.name,
      nickname: user.nickname,
      phone: '010-2345-6789',
      address: '서울특별시 마포구 월드컵로 1',
    },
  });
  expect(response.status(), await response.text()).toBeLessThan(300);
  return user;
}

/** A browser context logged in through the API as this user. */
export async function loggedInContext(
  browser: Browser,
  baseURL: string | undefined,
  username: string,
  password: string,
): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL,
    locale: 'ko-KR',
    timezoneId: 'Asia/Seoul',
    reducedMotion: 'reduce',
  });
  const response = await context.request.post('/api/auth/login', {
    form: { username, password },
  });
  expect(response.status(), await response.text()).toBeLessThan(300);
  return context;
}

/** A 10-digit business number nobody else applied with (the server refuses duplicates). */
export function uniqueBusinessNumber(): string {
  const digits = Array.from(randomBytes(9), (byte) => String(byte % 10)).join('');
  return `1${digits}`;
}

const admin = { username: 'admin', password: 'admin1234!' };

/** Seoul wall-clock text of an instant: 'YYYY-MM-DDTHH:mm'. */
export function seoul(instant: Date): string {
  return new Date(instant.getTime() + 9 * 3_600_000).toISOString().slice(0, 16);
}

/** The Seoul date this many days from now: 'YYYY-MM-DD'. */
export function seoulDate(daysFromNow: number): string {
  return seoul(new Date(Date.now() + daysFromNow * 86_400_000)).slice(0, 10);
}

/** A new user who applies for seller rights and is approved by the admin (all through the API). */
export async function newApprovedSeller(
  browser: Browser,
  baseURL: string | undefined,
): Promise<{ user: NewUser; context: BrowserContext }> {
  const setup = await browser.newContext({ baseURL });
  const user = await registerUser(setup.request, 'seller');
  await setup.close();
  const context = await loggedInContext(browser, baseURL, user.username, user.password);
  const apply = await context.request.post('/api/users/me/seller-requests', {
    multipart: {
      request: {
        name: 'blob',
        mimeType: 'application/json',
        buffer: Buffer.from(
          JSON.stringify({
            companyName: `공연기획 ${randomBytes(2).toString('hex')}`,
            businessNumber: uniqueBusinessNumber(),
            representativeName: user.name,
            representativePhone: '01023456789',
          }),
        ),
      },
      document: { name: 'licence.pdf', mimeType: 'application/pdf', buffer: licencePdf('E2E') },
    },
  });
  expect(apply.status(), await apply.text()).toBe(201);
  const me = (await (await context.request.get('/api/auth/me')).json()) as { userId: number };

  const adminContext = await loggedInContext(browser, baseURL, admin.username, admin.password);
  const decision = await adminContext.request.patch(
    `/api/admin/seller-requests/${me.userId}/process`,
    { data: { approve: true, reason: null } },
  );
  expect(decision.status(), await decision.text()).toBe(200);
  await adminContext.close();
  return { user, context };
}
