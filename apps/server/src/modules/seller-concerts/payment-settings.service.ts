import {
  concertMessages,
  sellerConcertMessages,
  type DepositSettings,
} from '@curtaincall/contracts';
import type { Database, DbOrTx } from '../../db/client';
import { AppError } from '../../http/app-error';
import type { Clock } from '../../lib/clock';
import type { AuthUser } from '../auth/auth.policy';
import {
  findDepositSettings,
  updateDepositSettings,
  type DepositSettingsRow,
} from './payment-settings.repo';

export const depositSettingsMessages = {
  saved: '결제 설정이 저장되었습니다.',
  concertCancelled: '취소된 공연의 결제 설정은 바꿀 수 없습니다.',
  concertCompleted: '이미 종료된 공연의 결제 설정은 바꿀 수 없습니다.',
} as const;

function toDepositSettings(row: DepositSettingsRow): DepositSettings {
  return {
    virtualAccountEnabled: row.virtualAccountEnabled,
    depositDueDays: row.depositDueDays,
    cultureExpense: row.cultureExpense,
  };
}

/**
 * A performance's deposit rules (issue 28): whether 가상계좌 is offered, how many days a deposit
 * may take, and the 문화비 소득공제 mark. Only the concert's own seller reads or changes them; a
 * change applies to later bookings (an issued account keeps its due time).
 */
export function createPaymentSettingsService(deps: { db: Database; clock: Clock }) {
  const { db, clock } = deps;

  /** The concert, checked: 404 T003 when unknown, 403 S002 when another seller's. */
  async function ownConcert(
    tx: DbOrTx,
    seller: AuthUser,
    concertId: number,
    options: { lock?: boolean } = {},
  ): Promise<DepositSettingsRow> {
    const row = await findDepositSettings(tx, concertId, options);
    if (!row) throw new AppError('T003', concertMessages.notFound);
    if (row.sellerId !== seller.id) throw new AppError('S002', sellerConcertMessages.notOwner);
    return row;
  }

  /** `GET /seller/concerts/{concertId}/payment-settings`. */
  async function get(seller: AuthUser, concertId: number): Promise<DepositSettings> {
    return toDepositSettings(await ownConcert(db, seller, concertId));
  }

  /**
   * `PUT /seller/concerts/{concertId}/payment-settings`. A cancelled or completed show takes no
   * more bookings, and its 예매확인서 must keep saying what was true when it was sold: 409 S006.
   */
  async function update(
    seller: AuthUser,
    concertId: number,
    body: DepositSettings,
  ): Promise<DepositSettings> {
    return db.transaction(async (tx) => {
      const current = await ownConcert(tx, seller, concertId, { lock: true });
      if (current.status === 'CANCELLED') {
        throw new AppError('S006', depositSettingsMessages.concertCancelled);
      }
      if (current.status === 'COMPLETED') {
        throw new AppError('S006', depositSettingsMessages.concertCompleted);
      }
      await updateDepositSettings(tx, concertId, { ...body, updatedAt: clock.now() });
      return { ...body };
    });
  }

  return { get, update };
}

export type PaymentSettingsService = ReturnType<typeof createPaymentSettingsService>;
