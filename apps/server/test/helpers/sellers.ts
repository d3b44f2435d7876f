import type { SellerApplicationBody } from '@curtaincall/contracts';
import type { App } from '../../src/app';
import { renderLicencePdf, renderLicencePng } from '../../src/demo/seller-documents';
import { multipart } from './factories';

let businessSequence = 0;

/** A valid application body with a business number no other test uses. */
export function applicationBody(overrides: Partial<SellerApplicationBody> = {}) {
  businessSequence += 1;
  const unique = `${process.pid % 100_000}${businessSequence}`.padStart(10, '7').slice(-10);
  return {
    companyName: '커튼콜 테스트 기획',
    businessNumber: unique,
    representativeName: '김대표',
    representativePhone: '01012345678',
    ...overrides,
  };
}

export const samplePdf = renderLicencePdf(['Business registration certificate', 'Test Co.']);
export const samplePng = renderLicencePng(1, 40, 30);

export interface DocumentPart {
  filename: string;
  contentType: string;
  content: Buffer;
}

export const pdfPart: DocumentPart = {
  filename: 'licence.pdf',
  contentType: 'application/pdf',
  content: samplePdf,
};

/**
 * The multipart body a browser sends: `request` as a JSON Blob (a file part named `blob`) and
 * the optional `document`.
 */
export function applicationMultipart(
  body: object | string,
  document: DocumentPart | null = pdfPart,
  options: { requestAsField?: boolean } = {},
) {
  const json = typeof body === 'string' ? body : JSON.stringify(body);
  const files = [
    ...(options.requestAsField
      ? []
      : [
          {
            field: 'request',
            filename: 'blob',
            contentType: 'application/json',
            content: Buffer.from(json),
          },
        ]),
    ...(document ? [{ field: 'document', ...document }] : []),
  ];
  return multipart(options.requestAsField ? { request: json } : {}, files);
}

/** Sends an application as the cookie's user. */
export async function applyForSeller(
  app: App,
  cookie: string | null,
  body: object | string = applicationBody(),
  document: DocumentPart | null = pdfPart,
  options: { requestAsField?: boolean } = {},
) {
  const form = applicationMultipart(body, document, options);
  return app.inject({
    method: 'POST',
    url: '/api/users/me/seller-requests',
    headers: { ...(cookie ? { cookie } : {}), ...form.headers },
    payload: form.payload,
  });
}

/** An admin's decision on the applicant's application under review. */
export async function decide(
  app: App,
  adminCookie: string,
  userId: number,
  approve: boolean,
  reason: string | null = approve ? null : '서류가 불명확합니다.',
) {
  return app.inject({
    method: 'PATCH',
    url: `/api/admin/seller-requests/${userId}/process`,
    headers: { cookie: adminCookie, 'content-type': 'application/json' },
    payload: { approve, reason },
  });
}
