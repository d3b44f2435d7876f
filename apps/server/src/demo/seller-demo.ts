import type { ApprovalHistoryType, SellerApplicationStatus } from '@curtaincall/contracts';
import { eq, inArray } from 'drizzle-orm';
import type { PrivateFileStoragePort } from '../adapters/storage/file-storage';
import type { Transaction } from '../db/client';
import {
  appMeta,
  approvalHistory,
  sellerApplications,
  uploadedFiles,
  users,
} from '../db/schema/index';
import type { Clock } from '../lib/clock';
import { renderLicencePdf, renderLicencePng } from './seller-documents';

/** Seeded once per database, apart from the catalogue, so an older demo database gets it too. */
const META_KEY = 'demo-sellers';

interface DemoDocument {
  key: string;
  mimeType: 'application/pdf' | 'image/png';
  render(): Buffer;
}

const demoDocuments: DemoDocument[] = [
  {
    key: 'seller-documents/demo-seller.pdf',
    mimeType: 'application/pdf',
    render: () =>
      renderLicencePdf([
        'Business Registration Certificate',
        'CurtainCall Planning Co.',
        'No. 220-81-12345',
        '(demo document)',
      ]),
  },
  {
    key: 'seller-documents/demo-applicant1.pdf',
    mimeType: 'application/pdf',
    render: () =>
      renderLicencePdf([
        'Business Registration Certificate',
        'Blue Wave Live',
        'No. 105-87-54321',
        '(demo document)',
      ]),
  },
  {
    key: 'seller-documents/demo-applicant2.png',
    mimeType: 'image/png',
    render: () => renderLicencePng(1),
  },
  {
    key: 'seller-documents/demo-reapply.png',
    mimeType: 'image/png',
    render: () => renderLicencePng(2),
  },
  {
    key: 'seller-documents/demo-revoked.pdf',
    mimeType: 'application/pdf',
    render: () =>
      renderLicencePdf([
        'Business Registration Certificate',
        'Night Owl Entertainment',
        'No. 314-86-77777',
        '(demo document)',
      ]),
  },
  {
    key: 'seller-documents/demo-withdrew.pdf',
    mimeType: 'application/pdf',
    render: () =>
      renderLicencePdf([
        'Business Registration Certificate',
        'Spring Garden Concerts',
        'No. 211-88-24680',
        '(demo document)',
      ]),
  },
];

/** Extra demo users whose seller applications fill the admin pages. Password: fan1234!. */
export const demoApplicants = [
  { username: 'applicant1', nickname: '블루웨이브', name: '정지원' },
  { username: 'applicant2', nickname: '소리마당', name: '한서연' },
  { username: 'reapply1', nickname: '다시한번', name: '오민준' },
  { username: 'revoked1', nickname: '올빼미공연', name: '윤도현' },
  { username: 'withdrew1', nickname: '봄정원', name: '서하늘' },
] as const;

type Step = { type: ApprovalHistoryType; daysAgo: number; reason?: string; byAdmin?: boolean };

interface DemoApplicationPlan {
  username: string;
  companyName: string;
  businessNumber: string;
  representativeName: string;
  representativePhone: string;
  documentKey: string;
  /** The applications in order, each with its history; the last one is the current one. */
  applications: Array<{ status: SellerApplicationStatus; reason?: string; steps: Step[] }>;
  role: 'ROLE_USER' | 'ROLE_SELLER';
  approvalStatus: string;
}

const plans: DemoApplicationPlan[] = [
  {
    username: 'seller',
    companyName: '커튼콜기획',
    businessNumber: '2208112345',
    representativeName: '박판매',
    representativePhone: '01012341001',
    documentKey: 'seller-documents/demo-seller.pdf',
    applications: [
      {
        status: 'ACCEPTED',
        steps: [
          { type: 'REQUEST', daysAgo: 60 },
          { type: 'APPROVED', daysAgo: 59, byAdmin: true },
        ],
      },
    ],
    role: 'ROLE_SELLER',
    approvalStatus: 'APPROVED',
  },
  {
    username: 'withdrew1',
    companyName: '봄정원 콘서트',
    businessNumber: '2118824680',
    representativeName: '서하늘',
    representativePhone: '0312345678',
    documentKey: 'seller-documents/demo-withdrew.pdf',
    applications: [
      {
        status: 'WITHDRAWN',
        steps: [
          { type: 'REQUEST', daysAgo: 45 },
          { type: 'APPROVED', daysAgo: 44, byAdmin: true },
          { type: 'WITHDRAWN', daysAgo: 20 },
        ],
      },
    ],
    role: 'ROLE_USER',
    approvalStatus: 'WITHDRAWN',
  },
  {
    username: 'revoked1',
    companyName: '올빼미엔터테인먼트',
    businessNumber: '3148677777',
    representativeName: '윤도현',
    representativePhone: '01077778888',
    documentKey: 'seller-documents/demo-revoked.pdf',
    applications: [
      {
        status: 'REVOKED',
        reason: '허위 공연 정보를 반복해서 등록했습니다.',
        steps: [
          { type: 'REQUEST', daysAgo: 40 },
          { type: 'APPROVED', daysAgo: 39, byAdmin: true },
          {
            type: 'REVOKED',
            daysAgo: 10,
            reason: '허위 공연 정보를 반복해서 등록했습니다.',
            byAdmin: true,
          },
        ],
      },
    ],
    role: 'ROLE_USER',
    approvalStatus: 'REVOKED',
  },
  {
    username: 'reapply1',
    companyName: '다시한번 프로덕션',
    businessNumber: '1238845678',
    representativeName: '오민준',
    representativePhone: '01055556666',
    documentKey: 'seller-documents/demo-reapply.png',
    applications: [
      {
        status: 'REJECTED',
        reason: '사업자등록증 이미지가 흐려 식별할 수 없습니다.',
        steps: [
          { type: 'REQUEST', daysAgo: 12 },
          {
            type: 'REJECTED',
            daysAgo: 11,
            reason: '사업자등록증 이미지가 흐려 식별할 수 없습니다.',
            byAdmin: true,
          },
        ],
      },
      // Re-applied without a new file: the same document is reused.
      { status: 'SUBMITTED', steps: [{ type: 'REQUEST', daysAgo: 2 }] },
    ],
    role: 'ROLE_USER',
    approvalStatus: 'PENDING',
  },
  {
    username: 'applicant1',
    companyName: '블루웨이브 라이브',
    businessNumber: '1058754321',
    representativeName: '정지원',
    representativePhone: '01022223333',
    documentKey: 'seller-documents/demo-applicant1.pdf',
    applications: [{ status: 'SUBMITTED', steps: [{ type: 'REQUEST', daysAgo: 1 }] }],
    role: 'ROLE_USER',
    approvalStatus: 'PENDING',
  },
  {
    username: 'applicant2',
    companyName: '소리마당',
    businessNumber: '6072211223',
    representativeName: '한서연',
    representativePhone: '0511234567',
    documentKey: 'seller-documents/demo-applicant2.png',
    applications: [{ status: 'SUBMITTED', steps: [{ type: 'REQUEST', daysAgo: 0.2 }] }],
    role: 'ROLE_USER',
    approvalStatus: 'PENDING',
  },
];

/**
 * Seller applications for the admin pages (inside the seed's locked transaction, once per
 * database): the demo seller's accepted application, two new applicants (a PDF and a PNG), a
 * rejected user who re-applied with the same document, a revoked seller and one who withdrew,
 * with their whole history decided by the demo admin.
 */
export async function seedSellerDemo(
  tx: Transaction,
  options: { clock: Clock; passwordHash: string },
): Promise<void> {
  const [done] = await tx.select().from(appMeta).where(eq(appMeta.key, META_KEY));
  if (done) return;
  // Only accounts made here get applications: on an older database a real user may already own
  // one of these names (or its e-mail or nickname), and is then left alone.
  const created = await tx
    .insert(users)
    .values(
      demoApplicants.map((a, i) => ({
        username: a.username,
        email: `${a.username}@curtaincall.example`,
        nickname: a.nickname,
        name: a.name,
        passwordHash: options.passwordHash,
        phone: `010-7000-${String(1000 + i)}`,
        address: '서울특별시 종로구 대학로 12',
      })),
    )
    .onConflictDoNothing()
    .returning({ id: users.id, username: users.username });
  const demoStaff = await tx
    .select({ id: users.id, username: users.username, role: users.role })
    .from(users)
    .where(inArray(users.username, ['admin', 'seller']));
  const staff = (username: string, role: string) =>
    demoStaff.find((a) => a.username === username && a.role === role)?.id;
  const accounts = [
    ...created,
    ...(staff('seller', 'ROLE_SELLER')
      ? [{ id: staff('seller', 'ROLE_SELLER') ?? 0, username: 'seller' }]
      : []),
  ];
  const idOf = (username: string) => accounts.find((a) => a.username === username)?.id;
  const adminId = staff('admin', 'ROLE_ADMIN') ?? null;
  const now = options.clock.now().getTime();
  const at = (daysAgo: number) => new Date(now - daysAgo * 86_400_000);

  for (const plan of plans) {
    const userId = idOf(plan.username);
    if (userId === undefined) continue;
    const document = demoDocuments.find((d) => d.key === plan.documentKey);
    if (!document) throw new Error(`demo document ${plan.documentKey} missing`);
    const bytes = document.render();
    const [file] = await tx
      .insert(uploadedFiles)
      .values({
        ownerUserId: userId,
        kind: 'seller-document',
        storageKey: document.key,
        originalName: document.key.split('/').pop() ?? 'document',
        mimeType: document.mimeType,
        sizeBytes: bytes.length,
        createdAt: at(plan.applications[0]?.steps[0]?.daysAgo ?? 0),
      })
      .returning({ id: uploadedFiles.id });
    for (const application of plan.applications) {
      const first = application.steps[0];
      const last = application.steps.at(-1);
      const [row] = await tx
        .insert(sellerApplications)
        .values({
          userId,
          companyName: plan.companyName,
          businessNumber: plan.businessNumber,
          representativeName: plan.representativeName,
          representativePhone: plan.representativePhone,
          documentFileId: file?.id ?? null,
          status: application.status,
          reason: application.reason ?? null,
          createdAt: at(first?.daysAgo ?? 0),
          updatedAt: at(last?.daysAgo ?? 0),
        })
        .returning({ id: sellerApplications.id });
      await tx.insert(approvalHistory).values(
        application.steps.map((step) => ({
          userId,
          sellerApplicationId: row?.id ?? null,
          type: step.type,
          reason: step.reason ?? null,
          adminId: step.byAdmin ? adminId : null,
          createdAt: at(step.daysAgo),
        })),
      );
    }
    await tx
      .update(users)
      .set({ role: plan.role, sellerApprovalStatus: plan.approvalStatus })
      .where(eq(users.id, userId));
  }
  await tx.insert(appMeta).values({ key: META_KEY, value: { version: 1 } });
}

/** Writes any missing demo document into the private storage (after the seed committed). */
export async function writeSellerDemoDocuments(storage: PrivateFileStoragePort): Promise<void> {
  await Promise.all(
    demoDocuments.map(async (document) => {
      if (!(await storage.exists(document.key))) {
        await storage.put(document.key, document.render(), document.mimeType);
      }
    }),
  );
}
