import { rectangleHallLayout, type VenueDetail } from '@curtaincall/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { users } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { server } from '@/test/server';
import {
  concertLayoutFields,
  VenueLayoutPicker,
  type VenueLayoutSelection,
} from './venue-layout-picker';

const layout = rectangleHallLayout({
  name: '아트홀',
  sections: 1,
  rowsPerSection: 3,
  seatsPerRow: 4,
});

const venue: VenueDetail = {
  id: 7,
  name: '커튼콜 아트홀',
  address: null,
  layoutName: '아트홀',
  totalPlaces: 12,
  sectionCount: 1,
  grades: layout.grades.map((grade) => ({ ...grade, color: grade.color ?? null, places: 4 })),
  concertCount: 0,
  createdAt: '2026-11-01T12:00:00',
  updatedAt: '2026-11-01T12:00:00',
  layout,
};

function Harness({ onSelection }: { onSelection: (selection: VenueLayoutSelection) => void }) {
  const [value, setValue] = useState<VenueLayoutSelection>({ source: 'quick' });
  return (
    <VenueLayoutPicker
      value={value}
      onChange={(next) => {
        setValue(next);
        onSelection(next);
      }}
    />
  );
}

describe('VenueLayoutPicker', () => {
  it('picks a saved venue and sends only the prices that differ from it', async () => {
    server.use(
      http.get('/api/seller/venues', () => HttpResponse.json({ success: true, data: [venue] })),
      http.get('/api/seller/venues/7', () => HttpResponse.json({ success: true, data: venue })),
    );
    let selection: VenueLayoutSelection = { source: 'quick' };
    renderWithProviders(<Harness onSelection={(next) => (selection = next)} />, {
      session: users.seller,
    });
    expect(concertLayoutFields(selection)).toBeNull();
    await userEvent.click(screen.getByLabelText('저장한 공연장 사용'));
    await userEvent.selectOptions(await screen.findByLabelText('공연장'), '7');
    expect(concertLayoutFields(selection)).toEqual({ venueId: 7 });
    const vip = await screen.findByLabelText('VIP석 가격');
    await userEvent.clear(vip);
    await userEvent.type(vip, '200000');
    await waitFor(() =>
      expect(concertLayoutFields(selection)).toEqual({
        venueId: 7,
        gradePrices: [{ code: 'VIP', price: 200_000 }],
      }),
    );
    expect(screen.getByText('200,000원')).toBeInTheDocument();
  });

  it('builds a layout inline and hands it on as seatLayout', async () => {
    let selection: VenueLayoutSelection = { source: 'quick' };
    renderWithProviders(<Harness onSelection={(next) => (selection = next)} />, {
      session: users.seller,
    });
    await userEvent.click(screen.getByLabelText('좌석 배치 직접 만들기'));
    expect(
      await screen.findByRole('application', { name: '새 좌석 배치 좌석 배치' }),
    ).toBeInTheDocument();
    const fields = concertLayoutFields(selection);
    expect(fields && 'seatLayout' in fields ? fields.seatLayout.sections.length : 0).toBe(3);
  });
});
