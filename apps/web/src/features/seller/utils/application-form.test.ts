import { sellerMessages } from '@curtaincall/contracts';
import { describe, expect, it } from 'vitest';
import { checkDocument, validateApplication } from './application-form';

const valid = {
  companyName: '커튼콜기획',
  businessNumber: '1234567890',
  representativeName: '홍길동',
  representativePhone: '01012345678',
};

function file(name: string, type: string, size = 100): File {
  return new File([new Uint8Array(size)], name, { type });
}

describe('validateApplication', () => {
  it('gives every field its message when the form is empty', () => {
    const { body, errors } = validateApplication(
      { companyName: ' ', businessNumber: '', representativeName: '', representativePhone: '' },
      null,
      false,
    );
    expect(body).toBeNull();
    expect(errors).toEqual({
      companyName: '업체명을 입력해주세요.',
      businessNumber: '사업자등록번호는 10자리 숫자여야 합니다.',
      representativeName: sellerMessages.representativeNameRequired,
      representativePhone: sellerMessages.representativePhoneRequired,
      document: sellerMessages.documentRequired,
    });
  });

  it('refuses a short business number and a phone not starting with 0', () => {
    const { errors } = validateApplication(
      { ...valid, businessNumber: '12345', representativePhone: '1012345678' },
      file('a.pdf', 'application/pdf'),
      false,
    );
    expect(errors.businessNumber).toBe('사업자등록번호는 10자리 숫자여야 합니다.');
    expect(errors.representativePhone).toBe(sellerMessages.representativePhone);
  });

  it('needs no file when the previous document can be reused', () => {
    expect(validateApplication(valid, null, true)).toEqual({ body: valid, errors: {} });
    expect(validateApplication(valid, null, false).errors.document).toBe(
      sellerMessages.documentRequired,
    );
  });

  it('trims the names it sends', () => {
    const { body } = validateApplication(
      { ...valid, companyName: '  커튼콜기획 ' },
      file('a.png', 'image/png'),
      false,
    );
    expect(body?.companyName).toBe('커튼콜기획');
  });
});

describe('checkDocument', () => {
  it('takes PDF, JPEG, PNG and WEBP up to 10 MB', () => {
    expect(checkDocument(file('a.pdf', 'application/pdf'))).toBeNull();
    expect(checkDocument(file('a.jpg', 'image/jpeg'))).toBeNull();
    expect(checkDocument(file('a.webp', ''))).toBeNull();
    expect(checkDocument(file('a.png', 'image/png', 10 * 1024 * 1024))).toBeNull();
  });

  it('refuses other types and files over 10 MB', () => {
    expect(checkDocument(file('a.svg', 'image/svg+xml'))).toBe(sellerMessages.documentType);
    expect(checkDocument(file('a.txt', 'text/plain'))).toBe(sellerMessages.documentType);
    expect(checkDocument(file('a.pdf', 'application/pdf', 10 * 1024 * 1024 + 1))).toBe(
      sellerMessages.documentTooLarge,
    );
  });
});
