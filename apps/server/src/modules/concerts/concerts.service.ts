import type { ConcertStatus } from '@curtaincall/contracts';
import type { DbOrTx } from '../../db/client';
import { insertConcert, insertSeatGrades, insertSectionSeats, type ConcertRow } from './concerts.repo';
import { planSeatMap, seatGradeCatalog } from './seat-map';

export interface ConcertDraft {
  sellerId: number;
  title: string;
  artist: string;
  description: string | null;
  venueName: string;
  venueAddress: string | null;
  concertDate: string;
  startTime: string;
  endTime: string;
  totalSeats: number;
  bookingStartAt: Date;
  bookingEndAt: Date;
  minAge: number;
  maxTicketsPerUser: number;
  status: ConcertStatus;
  posterImageUrl: string | null;
  isDemo?: boolean;
}

/**
 * Creates a concert with its grades and its whole seat map, inside the caller's transaction
 * (product-rules.md §2: creating a concert generates its seats).
 */
export async function createConcertWithSeats(tx: DbOrTx, draft: ConcertDraft): Promise<ConcertRow> {
  const concert = await insertConcert(tx, draft);
  const sections = planSeatMap(draft.totalSeats);
  const usedGrades = [...new Set(sections.map((s) => s.gradeIndex))].sort();
  const gradeRows = await insertSeatGrades(
    tx,
    concert.id,
    usedGrades.map((index) => seatGradeCatalog[index] ?? seatGradeCatalog[2]),
  );
  const gradeIdOf = new Map(usedGrades.map((gradeIndex, i) => [gradeIndex, gradeRows[i]?.id]));
  for (const section of sections) {
    const gradeId = gradeIdOf.get(section.gradeIndex);
    if (gradeId === undefined) throw new Error(`no grade row for section ${section.name}`);
    await insertSectionSeats(tx, { concertId: concert.id, gradeId, section });
  }
  return concert;
}
